/* DEQUANTIZE int8 -> float32 in the portable backend (dequantize.h): each element's float looked up in the generated
 * table, in element order (an output element is written after its input element is read, as in dequantize_s8.c). */
#include "dequantize.h"

/* A float's bits, read and written through this type only (may_alias: the table holds the floats' bits). */
typedef int32_t __attribute__((may_alias)) mg_float_bits;

void mg_dequantize_s8_f32_portable(const mg_dequantize_portable_params *p, const int8_t *input, float *output)
{
    const int32_t *values = p->values + 128;
    mg_float_bits *out = (mg_float_bits *)(void *)output;
    for (int32_t i = 0; i < p->count; ++i) {
        out[i] = values[input[i]];
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_dequantize_portable_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count || !p->values) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return input->type == MG_INT8 && output->type == MG_FLOAT32
               ? MG_OK
               : mg_fail(node, "the portable DEQUANTIZE converts int8 to float32 only");
}

static mg_status invoke(mg_node *node)
{
    mg_dequantize_s8_f32_portable(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_dequantize_portable = {0, 0, prepare, invoke};
