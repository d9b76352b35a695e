/* QUANTIZE float32 -> int8 in the portable backend (quantize.h): per element its key, an estimate of its output
 * index from the float's exponent and mantissa (one 16 x 16-bit multiply and a shift), then the walk along the
 * generated thresholds to the index they give: about 30 instructions an element on the M3 where the binary search
 * of the 255 thresholds took 45 (eight steps of four). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include "quantize.h"

/* A float's bits, read through this type only (may_alias: the floats are not accessed as int32 elsewhere here). */
typedef int32_t __attribute__((may_alias)) mg_float_bits;

void mg_quantize_f32_s8_portable(const mg_quantize_portable_params *p, const float *input, int8_t *output)
{
    const int32_t *t = p->thresholds;
    const mg_float_bits *bits = (const mg_float_bits *)(const void *)input;
    const uint32_t multiplier = (uint32_t)p->multiplier;
    const int32_t base = p->shift_base, zero = p->zero_index, count = p->count;
    for (int32_t i = 0; i < count; ++i) {
        const int32_t b = bits[i];
        const int32_t key = b ^ (int32_t)((uint32_t)(b >> 31) >> 1); /* negative: the magnitude's bits flipped */
        /* |x| / scale, about: 0 below a step, 512 (clamped) beyond the range */
        const int32_t shift = base - (int32_t)((uint32_t)b << 1 >> 24);
        const uint32_t mantissa = ((uint32_t)b >> 8 & 0x7FFFu) | 0x8000u;
        const int32_t v = shift > 31 ? 0 : shift < 22 ? 512 : (int32_t)((mantissa * multiplier) >> shift);
        int32_t j = zero + (b < 0 ? -v : v);
        j = j < 0 ? 0 : j > 255 ? 255 : j;
        while (key < t[j]) { /* t[0] is INT32_MIN */
            --j;
        }
        while (j < 255 && key >= t[j + 1]) {
            ++j;
        }
        output[i] = (int8_t)(j - 128);
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_quantize_portable_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count || !p->thresholds) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return input->type == MG_FLOAT32 && output->type == MG_INT8
               ? MG_OK
               : mg_fail(node, "the portable QUANTIZE converts float32 to int8 only");
}

static mg_status invoke(mg_node *node)
{
    mg_quantize_f32_s8_portable(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_quantize_portable = {0, 0, prepare, invoke};
