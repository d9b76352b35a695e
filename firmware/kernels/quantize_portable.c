/* QUANTIZE float32 -> int8 in the portable backend (quantize.h): per element its key, then a binary search of the
 * generated thresholds (the eight steps written out: GCC keeps them branch-light on ARMv6-M and ARMv7-M). */
#include "quantize.h"

/* A float's bits, read through this type only (may_alias: the floats are not accessed as int32 elsewhere here). */
typedef int32_t __attribute__((may_alias)) mg_float_bits;

void mg_quantize_f32_s8_portable(const mg_quantize_portable_params *p, const float *input, int8_t *output)
{
    const int32_t *t = p->thresholds;
    const mg_float_bits *bits = (const mg_float_bits *)(const void *)input;
    for (int32_t i = 0; i < p->count; ++i) {
        const int32_t b = bits[i];
        const int32_t key = b ^ (int32_t)((uint32_t)(b >> 31) >> 1); /* negative: the magnitude's bits flipped */
        int32_t j = key >= t[128] ? 128 : 0;
        j += key >= t[j + 64] ? 64 : 0;
        j += key >= t[j + 32] ? 32 : 0;
        j += key >= t[j + 16] ? 16 : 0;
        j += key >= t[j + 8] ? 8 : 0;
        j += key >= t[j + 4] ? 4 : 0;
        j += key >= t[j + 2] ? 2 : 0;
        j += key >= t[j + 1] ? 1 : 0;
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
