/* The mve backend's 16x8 one-row matrix loop (mg_mve_matmul_s16.h). */
#pragma GCC optimize("O3")
#include "mg_mve_matmul_s16.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

/* The four sums x . row r for rows `depth` apart from w: whole blocks of 8 taps in assembly (GCC 12 spills the
 * intrinsics' loop), with the widening byte loads' low base registers and VMLADAVA's even ones pinned; the last
 * block under a predicate (the other lanes load zero: no read past a row). */
static inline __attribute__((always_inline)) int32x4_t four_rows(const int16_t *x, const int8_t *w, int32_t depth)
{
    register int32_t a0 __asm__("r0") = 0, a1 __asm__("r8") = 0, a2 __asm__("r10") = 0, a3 __asm__("r12") = 0;
    register const int8_t *w0 __asm__("r1") = w, *w1 __asm__("r2") = w + depth;
    register const int8_t *w2 __asm__("r3") = w + 2 * depth, *w3 __asm__("r4") = w + 3 * depth;
    const int32_t blocks = depth >> 3;
#define BLOCK                                                                                                          \
    "vldrh.s16 q0, [%[x]], #16\n\t"                                                                                    \
    "vldrb.s16 q1, [%[w0]], #8\n\t"                                                                                    \
    "vmladava.s16 %[a0], q0, q1\n\t"                                                                                   \
    "vldrb.s16 q2, [%[w1]], #8\n\t"                                                                                    \
    "vmladava.s16 %[a1], q0, q2\n\t"                                                                                   \
    "vldrb.s16 q3, [%[w2]], #8\n\t"                                                                                    \
    "vmladava.s16 %[a2], q0, q3\n\t"                                                                                   \
    "vldrb.s16 q1, [%[w3]], #8\n\t"                                                                                    \
    "vmladava.s16 %[a3], q0, q1\n\t"
#define OPERANDS                                                                                                       \
    : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [x] "+r"(x), [w0] "+r"(w0), [w1] "+r"(w1),          \
      [w2] "+r"(w2), [w3] "+r"(w3)
    if (blocks >= 2) { /* two blocks per LE */
        __asm__ volatile("dls lr, %[n]\n\t"
                         "1:\n\t" BLOCK BLOCK "le lr, 1b\n\t" OPERANDS
                         : [n] "r"(blocks >> 1)
                         : "q0", "q1", "q2", "q3", "lr");
    }
    if (blocks & 1) {
        __asm__ volatile(BLOCK OPERANDS : : "q0", "q1", "q2", "q3");
    }
#undef BLOCK
#undef OPERANDS
    int32_t s0 = a0, s1 = a1, s2 = a2, s3 = a3;
    if (depth & 7) {
        const mve_pred16_t p = vctp16q((uint32_t)(depth & 7));
        const int16x8_t xv = vldrhq_z_s16(x, p);
        s0 = vmladavaq_s16(s0, xv, vldrbq_z_s16(w0, p));
        s1 = vmladavaq_s16(s1, xv, vldrbq_z_s16(w1, p));
        s2 = vmladavaq_s16(s2, xv, vldrbq_z_s16(w2, p));
        s3 = vmladavaq_s16(s3, xv, vldrbq_z_s16(w3, p));
    }
    int32x4_t sums = vdupq_n_s32(s0);
    sums = vsetq_lane_s32(s1, sums, 1);
    sums = vsetq_lane_s32(s2, sums, 2);
    return vsetq_lane_s32(s3, sums, 3);
}

/* x . w, every block under a predicate. */
static int32_t one_row(const int16_t *x, const int8_t *w, int32_t depth)
{
    int32_t acc = 0;
    for (int32_t k = 0; k < depth; k += 8) {
        const mve_pred16_t p = vctp16q((uint32_t)(depth - k));
        acc = vmladavaq_s16(acc, vldrhq_z_s16(x + k, p), vldrbq_z_s16(w + k, p));
    }
    return acc;
}

/* The constants of four_outputs, once per row. */
typedef struct {
    uint32x4_t entries; /* byte offsets of four consecutive table entries */
    int32x4_t offset, act_min, act_max;
} vector_step;

/* out[0..3] from four sums with the channels' fast multipliers: mg_dsp_s16_output's SMMULR step four lanes at a
 * time (VRMULH is SMMULR per lane), the constants gathered from the table's 16-byte entries. */
static inline __attribute__((always_inline)) void four_outputs(const vector_step *v, const mg_dsp_s16_channel *table,
                                                               int32x4_t sums, int16_t *out)
{
    const int32x4_t bias = vldrwq_gather_offset_s32(&table->bias, v->entries);
    const int32x4_t multiplier = vldrwq_gather_offset_s32(&table->fast_multiplier, v->entries);
    int32x4_t r = vaddq_s32(vrmulhq_s32(vaddq_s32(sums, bias), multiplier), v->offset);
    vstrhq_s32(out, vminq_s32(vmaxq_s32(r, v->act_min), v->act_max));
}

void mg_matmul_rows_s16_mve(mg_mve_s16_rows *rows, const int16_t *x, int16_t *out)
{
    const int32_t depth = rows->depth, channels = rows->channels;
    const vector_step v = {vmulq_n_u32(vidupq_n_u32(0, 1), sizeof(mg_dsp_s16_channel)), vdupq_n_s32(rows->step.offset),
                           vdupq_n_s32(rows->step.act_min), vdupq_n_s32(rows->step.act_max)};
    for (int32_t o = 0; o < channels; o += 4) {
        const int32_t n = channels - o < 4 ? channels - o : 4;
        int32_t acc[4];
        if (n == 4) {
            const int32x4_t sums = four_rows(x, rows->w + o * depth, depth);
            if (rows->all_fast) {
                four_outputs(&v, &rows->table[o], sums, out + o);
                continue;
            }
            vstrwq_s32(acc, sums);
        } else { /* the last channels one by one */
            for (int32_t r = 0; r < n; ++r) {
                acc[r] = one_row(x, rows->w + (o + r) * depth, depth);
            }
        }
        for (int32_t r = 0; r < n; ++r) {
            out[o + r] = mg_dsp_s16_output(&rows->table[o + r], &rows->step, acc[r]);
        }
    }
}

#endif
