/* QUANTIZE float32 -> int8 in the portable backend (quantize.h): per element its key, then a binary search of the
 * generated thresholds, eight steps written out as conditional moves of a pointer (an index made GCC compute each
 * comparison as 0 or 1 first: 7 instructions a step instead of 4). */
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
        const int32_t *at = t;
        if (key >= at[128]) {
            at += 128;
        }
        if (key >= at[64]) {
            at += 64;
        }
        if (key >= at[32]) {
            at += 32;
        }
        if (key >= at[16]) {
            at += 16;
        }
        if (key >= at[8]) {
            at += 8;
        }
        if (key >= at[4]) {
            at += 4;
        }
        if (key >= at[2]) {
            at += 2;
        }
        if (key >= at[1]) {
            at += 1;
        }
        output[i] = (int8_t)((at - t) - 128);
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
