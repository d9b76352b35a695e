/* PAD / PADV2 registration (one registration serves both ops). */
#include "pad.h"

static size_t element_size(uint8_t type)
{
    switch (type) {
    case MG_INT8: return 1;
    case MG_INT16: return 2;
    case MG_FLOAT32:
    case MG_INT32: return 4;
    default: return 0;
    }
}

mg_status mg_pad_prepare(mg_node *node)
{
    const mg_pad_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *value = mg_input(node, 2);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, paddings and one output");
    }
    if (mg_num_elements(input) != p->input_count || mg_num_elements(output) != p->output_count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type || element_size(input->type) == 0) {
        return mg_fail(node, "supports float32, int8, int16 and int32 with the same output type");
    }
    if (p->has_value_tensor && (!value || value->type != input->type || mg_num_elements(value) != 1)) {
        return mg_fail(node, "the constant value must be a scalar of the input type");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_pad_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    union {
        int8_t s8;
        int16_t s16;
        int32_t s32;
        float f32;
    } value;
    const void *pad_value = &value;
    if (p->has_value_tensor) {
        pad_value = mg_input(node, 2)->data;
    } else if (input->type == MG_FLOAT32) {
        value.f32 = p->default_value_f;
    } else if (input->type == MG_INT8) {
        value.s8 = (int8_t)p->default_value;
    } else if (input->type == MG_INT16) {
        value.s16 = (int16_t)p->default_value;
    } else {
        value.s32 = p->default_value;
    }
    mg_pad_generic(p, element_size(input->type), input->data, pad_value, output->data);
    return MG_OK;
}

const mg_registration mg_register_pad = {0, 0, mg_pad_prepare, invoke};
