/* RESIZE_NEAREST_NEIGHBOR registration: checks the node against its parameters, then calls the copy. */
#include "resize_nearest_neighbor.h"

static size_t element_size(uint8_t type)
{
    return type == MG_INT8 ? 1 : type == MG_INT16 ? 2 : type == MG_FLOAT32 ? 4 : 0;
}

static mg_status prepare(mg_node *node)
{
    const mg_resize_nearest_neighbor_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || node->num_outputs != 1) {
        return mg_fail(node, "needs an input, a size tensor and one output");
    }
    if (mg_num_elements(input) != p->batches * p->input_height * p->input_width * p->depth ||
        mg_num_elements(output) != p->batches * p->output_height * p->output_width * p->depth) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type || element_size(input->type) == 0) {
        return mg_fail(node, "supports float32, int8 and int16 with the same output type");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    mg_resize_nearest_neighbor_generic(node->params, element_size(input->type), input->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_resize_nearest_neighbor = {0, 0, prepare, invoke};
