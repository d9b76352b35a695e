/* MEAN and SUM registrations (TFLite Micro's reduce.cc): one prepare checks the node against its parameters,
 * one invoke calls the family's math by type; the two ops differ only in their generated parameters. */
#include "mean.h"

static mg_status prepare(mg_node *node)
{
    const mg_mean_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, an axis tensor and one output");
    }
    if (mg_num_elements(input) != p->input_count || mg_num_elements(output) != p->output_count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type ||
        (input->type != MG_INT8 && input->type != MG_INT16 && input->type != MG_FLOAT32)) {
        return mg_fail(node, "supports int8, int16 and float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    void *output = mg_output(node, 0)->data;
    if (input->type == MG_INT8) {
        mg_mean_s8(node->params, input->data, output);
    } else if (input->type == MG_INT16) {
        mg_mean_s16(node->params, input->data, output);
    } else {
        mg_mean_f32(node->params, input->data, output);
    }
    return MG_OK;
}

const mg_registration mg_register_mean = {0, 0, prepare, invoke};
const mg_registration mg_register_sum = {0, 0, prepare, invoke};
