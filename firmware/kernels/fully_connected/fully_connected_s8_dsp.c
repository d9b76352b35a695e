#pragma GCC optimize("O2")
#include "fully_connected.h"
#include "mg_dsp_mac.h"
#include "mg_dsp_requant.h"

static inline int8_t output_value(int32_t acc, const dsp_channel *c, int32_t act_min, int32_t act_max)
{
    return (int8_t)dsp_clamp(dsp_requant(acc * 2, c->multiplier, c->offset, c->shift), act_min, act_max);
}

/* acc += the 4 weights at w times the 4 inputs at x (both int8; mg_dsp_mac.h). */
static inline int32_t dot4(const int8_t *w, uint32_t x02, uint32_t x13, int32_t acc)
{
    return mg_dsp_mac4_word(acc, dsp_ld32(w), x02, x13);
}

/* Four rows over the first k8 (a multiple of 8, > 0) inputs; with `expanded`, the input comes as SXTB16 pairs
 * from scratch (two words per 4 inputs) instead of int8. */
static inline __attribute__((always_inline)) void four_rows(int32_t *acc, const int8_t *w, int32_t stride,
                                                            const int8_t *x, const uint32_t *expanded, int32_t k8)
{
#if MG_DSP_NATIVE
    MG_DSP_ACC4_IN_R0_R3(acc);
    register const int8_t *p0 __asm__("r8") = w;
    register const int8_t *p1 __asm__("r9") = w + stride;
    register const int8_t *p2 __asm__("r10") = w + 2 * stride;
    register const int8_t *p3 __asm__("r11") = w + 3 * stride;
/* one weight word of a row (p) against the input pair (r4, r5) (mg_dsp_mac.h) */
#define MG_DSP_ROW(p, a) MG_DSP_ASM_LOAD_HALVES(p, "r6", "r7") MG_DSP_ASM_MAC4(a, "r6", "r7", "r4", "r5")
#define MG_DSP_ROWS MG_DSP_ROW("r8", "r0") MG_DSP_ROW("r9", "r1") MG_DSP_ROW("r10", "r2") MG_DSP_ROW("r11", "r3")
#define MG_DSP_STEP MG_DSP_ASM_LOAD_HALVES("r12", "r4", "r5") MG_DSP_ROWS
#define MG_DSP_STEP_EXPANDED "ldrd r4, r5, [r12], #8\n\t" MG_DSP_ROWS
    if (expanded) {
        register const uint32_t *xp __asm__("r12") = expanded;
        register const uint32_t *end __asm__("lr") = expanded + k8 / 2;
        __asm__ volatile("1:\n\t" MG_DSP_STEP_EXPANDED MG_DSP_STEP_EXPANDED "cmp r12, lr\n\t"
                         "bne 1b\n\t"
                         : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(p0), "+r"(p1), "+r"(p2), "+r"(p3), "+r"(xp)
                         : "r"(end)
                         : "r4", "r5", "r6", "r7", "cc", "memory");
    } else {
        register const int8_t *xp __asm__("r12") = x;
        register const int8_t *end __asm__("lr") = x + k8;
        __asm__ volatile("1:\n\t" MG_DSP_STEP MG_DSP_STEP "cmp r12, lr\n\t"
                         "bne 1b\n\t"
                         : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(p0), "+r"(p1), "+r"(p2), "+r"(p3), "+r"(xp)
                         : "r"(end)
                         : "r4", "r5", "r6", "r7", "cc", "memory");
    }
#undef MG_DSP_ROW
#undef MG_DSP_ROWS
#undef MG_DSP_STEP
#undef MG_DSP_STEP_EXPANDED
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
#else
    /* from the expanded pairs too: the input may already be overwritten (an overlapped output) */
    for (int32_t k = 0; k < k8; k += 4) {
        const uint32_t xv = expanded ? 0 : dsp_ld32(x + k);
        const uint32_t x02 = expanded ? expanded[k / 2] : dsp_sxtb16(xv);
        const uint32_t x13 = expanded ? expanded[k / 2 + 1] : dsp_sxtb16_ror8(xv);
        for (int32_t r = 0; r < 4; ++r) {
            acc[r] = dot4(w + r * stride + k, x02, x13, acc[r]);
        }
    }
#endif
}

size_t mg_fully_connected_s8_dsp_scratch_size(int32_t accum_depth, int32_t output_depth)
{
    return output_depth >= 8 ? (size_t)(accum_depth & ~7) * 2u : 0u;
}

void mg_fully_connected_s8_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth, k8 = depth & ~7, k4 = depth & ~3;
    const int32_t act_min = p->act_min, act_max = p->act_max;
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const int8_t *x = input + b * depth;
        int8_t *out = output + b * outputs;
        uint32_t *expanded = 0;
        if (scratch && k8 > 0) { /* the input's SXTB16 pairs once, for every block of four rows */
            expanded = scratch;
            for (int32_t k = 0; k < k8; k += 4) {
                const uint32_t xv = dsp_ld32(x + k);
                expanded[k / 2] = dsp_sxtb16(xv);
                expanded[k / 2 + 1] = dsp_sxtb16_ror8(xv);
            }
        }
        const dsp_channel *ch = (const dsp_channel *)p->channels;
        const int8_t *w = weights;
        int32_t o = 0;
        for (; o + 4 <= outputs; o += 4, ch += 4, w += 4 * depth) {
            int32_t acc[4] = {ch[0].bias, ch[1].bias, ch[2].bias, ch[3].bias};
            if (k8 > 0) {
                four_rows(acc, w, depth, x, expanded, k8);
            }
            for (int32_t k = k8; k < depth; ++k) {
                for (int32_t r = 0; r < 4; ++r) {
                    acc[r] += w[r * depth + k] * x[k];
                }
            }
            for (int32_t r = 0; r < 4; ++r) {
                out[o + r] = output_value(acc[r], &ch[r], act_min, act_max);
            }
        }
        for (; o < outputs; ++o, ++ch, w += depth) {
            int32_t acc = ch->bias;
            int32_t k = 0;
            for (; k < k4; k += 4) {
                const uint32_t xv = dsp_ld32(x + k);
                acc = dot4(w + k, dsp_sxtb16(xv), dsp_sxtb16_ror8(xv), acc);
            }
            for (; k < depth; ++k) {
                acc += w[k] * x[k];
            }
            out[o] = output_value(acc, ch, act_min, act_max);
        }
    }
}
