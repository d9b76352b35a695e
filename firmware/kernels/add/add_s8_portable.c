/* ADD for the portable backend (Cortex-M0/M0+, Cortex-M3), int8, inputs of the output's shape (no broadcasting),
 * bit-exact with TFLite Micro's reference AddElementwise. Each input's rescaling ((x + offset) << 20, then its
 * multiplier) depends on one int8 value, so the generator tabulates it in backend_table (256 words per input),
 * followed by the output requantization (multiplier, left and right shift): per element two table lookups, an add
 * and the portable requantization (mg_portable_dot.h: no 64-bit multiply on ARMv6-M) instead of three 64-bit
 * multiplications. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include "add.h"
#include "mg_elementwise.h"
#include "mg_portable_dot.h"

enum { TABLE2 = 256, REQUANT = 512 }; /* backend_table: input 1's table, input 2's, then the requantization */

/* Reads element i of both inputs before it writes output i: the output may overwrite an input. */
void mg_add_s8_portable(const mg_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const int32_t *t1 = p->backend_table + 128, *t2 = p->backend_table + TABLE2 + 128;
    const int32_t *requant = p->backend_table + REQUANT;
    const int32_t multiplier = requant[0], left = requant[1], right = requant[2];
    const int32_t offset = p->output_offset, act_min = p->act_min, act_max = p->act_max;
#if defined(__ARM_ARCH_7M__)
    if (right > 0) { /* the roundings folded (mg_portable_high_word) */
        const int64_t rounding = mg_portable_rounding(right);
        const int32_t shift = right - 1;
        const int8_t *in1 = input1, *in2 = input2;
        for (int8_t *end = output + p->count; output < end;) {
            const int32_t v =
                (mg_portable_high_word(t1[*in1++] + t2[*in2++], multiplier, left, rounding) >> shift) + offset;
            *output++ = (int8_t)(v < act_min ? act_min : v > act_max ? act_max : v);
        }
        return;
    }
#endif
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t v = MG_PORTABLE_REQUANTIZE(t1[input1[i]] + t2[input2[i]], multiplier, left, right) + offset;
        output[i] = (int8_t)(v < act_min ? act_min : v > act_max ? act_max : v);
    }
}

static mg_status prepare(mg_node *node)
{
    if (!((const mg_add_params *)node->params)->backend_table) {
        return mg_fail(node, "tables missing from the generated plan");
    }
    return mg_prepare_binary_s8(node);
}

MG_REGISTER_BINARY_S8(add_portable, prepare, mg_add_s8_portable);
