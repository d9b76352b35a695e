/* QUANTIZE registration (TFLite Micro's quantize.cc): checks the node against its parameters, then calls the
 * conversion for its type pair. */
#include "quantize.h"

/* The (input, output) type pairs TFLite Micro's QUANTIZE converts that this kernel has. */
static const uint8_t supported_pairs[][2] = {
    {MG_FLOAT32, MG_INT8}, {MG_FLOAT32, MG_INT16}, {MG_INT8, MG_INT8},   {MG_INT8, MG_UINT8},
    {MG_INT8, MG_INT16},   {MG_INT8, MG_INT32},    {MG_INT16, MG_INT8},  {MG_INT16, MG_INT16},
    {MG_INT16, MG_INT32},  {MG_INT32, MG_INT8},    {MG_INT32, MG_INT16}, {MG_UINT8, MG_INT8},
};

static int supported(int input_type, int output_type)
{
    for (unsigned k = 0; k < sizeof supported_pairs / sizeof supported_pairs[0]; ++k) {
        if (supported_pairs[k][0] == input_type && supported_pairs[k][1] == output_type) {
            return 1;
        }
    }
    return 0;
}

static mg_status prepare(mg_node *node)
{
    const mg_quantize_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return supported(input->type, output->type) ? MG_OK
                                                : mg_fail(node, "this input and output type pair is not supported");
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (input->type == MG_FLOAT32 && output->type == MG_INT8) {
        mg_quantize_f32_s8(node->params, input->data, output->data);
    } else if (input->type == MG_FLOAT32 && output->type == MG_INT16) {
        mg_quantize_f32_s16(node->params, input->data, output->data);
    } else if (input->type == MG_INT8 && output->type == MG_INT8) {
        mg_requantize_s8(node->params, input->data, output->data);
    } else {
        return mg_requantize_generic(node->params, input->data, input->type, output->data, output->type);
    }
    return MG_OK;
}

const mg_registration mg_register_quantize = {0, 0, prepare, invoke};
