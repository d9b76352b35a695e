/* ADD for the dsp backend (Cortex-M4/M7/M33), int8, inputs of the output's shape (no broadcasting), bit-exact
 * with TFLite Micro's reference AddElementwise. Each input's rescaling ((x + offset) << 20, then its multiplier)
 * depends on one int8 value, so the generator tabulates it in backend_table (256 words per input, twice the
 * value, for mg_dsp_requant.h), followed by the output requantization (multiplier, offset, shift) in dsp_channel's
 * form: per element two table lookups, an add and the output requantization. */
#pragma GCC optimize("O2")
#include "add.h"
#include "mg_dsp_requant.h"

enum { TABLE2 = 256, REQUANT = 512 }; /* backend_table: input 1's table, input 2's, then the requantization */

/* Reads element i of both inputs before it writes output i: the output may overwrite an input. */
static inline __attribute__((always_inline)) void add_elements(const mg_add_params *p, const int8_t *a, const int8_t *b,
                                                               int8_t *out, int full_range)
{
    const int32_t *t1 = p->backend_table + 128, *t2 = p->backend_table + TABLE2 + 128;
    const int32_t *requant = p->backend_table + REQUANT;
    const int32_t m = requant[0], off = requant[1], sh = requant[2];
    const int32_t act_min = p->act_min, act_max = p->act_max, count = p->count;
#if MG_DSP_NATIVE
    if (count <= 0) {
        return;
    }
    /* per element: two LDRSB, two table LDR, the add, the requantization, one STRB */
    register const int8_t *pa __asm__("r0") = a;
    register const int8_t *pb __asm__("r1") = b;
    register int8_t *po __asm__("r2") = out;
    register int8_t *end __asm__("r3") = out + count;
    register const int32_t *r1 __asm__("r4") = t1;
    register const int32_t *r2 __asm__("r5") = t2;
    register int32_t rm __asm__("r6") = m;
    register int32_t roff __asm__("r7") = off;
    register int32_t rsh __asm__("r8") = sh;
    register int32_t lo __asm__("r11") = act_min;
    register int32_t hi __asm__("r12") = act_max;
#define MG_DSP_ADD_HEAD                                                                                                \
    "1:\n\t"                                                                                                           \
    "ldrsb r9, [r0], #1\n\t"                                                                                           \
    "ldrsb r10, [r1], #1\n\t"                                                                                          \
    "ldr r9, [r4, r9, lsl #2]\n\t"                                                                                     \
    "ldr r10, [r5, r10, lsl #2]\n\t"                                                                                   \
    "add r9, r10\n\t"                                                                                                  \
    "add r10, r7, r9, asr #31\n\t"                                                                                     \
    "smmlar r9, r9, r6, r10\n\t"                                                                                       \
    "asr r9, r9, r8\n\t"                                                                                               \
    "ssat r9, #8, r9\n\t"
#define MG_DSP_ADD_TAIL                                                                                                \
    "strb r9, [r2], #1\n\t"                                                                                            \
    "cmp r2, r3\n\t"                                                                                                   \
    "bne 1b\n\t" : "+r"(pa),                                                                                           \
                   "+r"(pb),                                                                                           \
                   "+r"(po)                                                                                            \
        : "r"(end), "r"(r1), "r"(r2), "r"(rm), "r"(roff), "r"(rsh), "r"(lo), "r"(hi) : "r9", "r10", "cc", "memory"
    (void)act_min;
    (void)act_max;
    if (full_range) {
        __asm__ volatile(MG_DSP_ADD_HEAD MG_DSP_ADD_TAIL);
    } else {
        __asm__ volatile(MG_DSP_ADD_HEAD "cmp r9, r11\n\t"
                                         "it lt\n\t"
                                         "movlt r9, r11\n\t"
                                         "cmp r9, r12\n\t"
                                         "it gt\n\t"
                                         "movgt r9, r12\n\t" MG_DSP_ADD_TAIL);
    }
#undef MG_DSP_ADD_HEAD
#undef MG_DSP_ADD_TAIL
#else
    for (int32_t i = 0; i < count; ++i) {
        const int32_t v = dsp_requant(t1[a[i]] + t2[b[i]], m, off, sh);
        out[i] = (int8_t)(full_range ? dsp_ssat8(v) : dsp_clamp(v, act_min, act_max));
    }
#endif
}

void mg_add_s8_dsp(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    if (p->act_min == -128 && p->act_max == 127) {
        add_elements(p, input1, input2, output, 1);
    } else {
        add_elements(p, input1, input2, output, 0);
    }
}
