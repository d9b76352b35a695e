/* SVDF registration (TFLite Micro's svdf.cc PrepareSvdf / EvalSvdf): checks the node against the generated
 * shapes, clears the activation state once (TFLite Micro resets variable tensors to zero when it allocates
 * them), then runs the int8 (int16 or int8 state) or float32 math. */
#include <string.h>

#include "svdf.h"

static int shaped(const mg_tensor *t, int32_t elements, uint8_t type)
{
    return t && mg_num_elements(t) == elements && t->type == type;
}

mg_status mg_svdf_prepare(mg_node *node, size_t scratch_needed)
{
    const mg_svdf_params *p = node->params;
    if (node->num_inputs != 5 || node->num_outputs != 1 || p->rank <= 0 || p->filters % p->rank != 0) {
        return mg_fail(node, "needs five inputs, one output and filters divisible by the rank");
    }
    const mg_tensor *input = mg_input(node, 0);
    const int is_int8 = input && input->type == MG_INT8;
    const uint8_t time_type = is_int8 ? (p->state_bytes == 1 ? MG_INT8 : MG_INT16) : MG_FLOAT32;
    const mg_tensor *bias = mg_input(node, 3);
    mg_tensor *state = mg_input(node, 4);
    const int32_t units = p->filters / p->rank;
    if (!shaped(input, p->batches * p->input_size, is_int8 ? MG_INT8 : MG_FLOAT32) ||
        !shaped(mg_input(node, 1), p->filters * p->input_size, input->type) ||
        !shaped(mg_input(node, 2), p->filters * p->memory, time_type) ||
        !shaped(state, p->batches * p->filters * p->memory, time_type) ||
        !shaped(mg_output(node, 0), p->batches * units, input->type) ||
        !shaped(bias, units, is_int8 ? MG_INT32 : MG_FLOAT32)) {
        return mg_fail(node, "the tensors differ from the generated plan");
    }
    if (node->scratch_size < scratch_needed) {
        return mg_fail(node, "scratch smaller than the kernel's scratch size function");
    }
    /* an int8 state starts at its zero point, as TFLite Micro's ResetVariableTensors fills it */
    memset(state->data, time_type == MG_INT8 ? p->state_zero_point : 0, mg_tensor_bytes(state));
    return MG_OK;
}

static mg_status prepare(mg_node *node)
{
    const mg_svdf_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const int32_t is_int8 = input && input->type == MG_INT8;
    return mg_svdf_prepare(node, mg_svdf_scratch_size(p->batches, p->filters, p->rank, is_int8));
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *bias = mg_input(node, 3);
    void *state = mg_input(node, 4)->data;
    if (mg_input(node, 0)->type == MG_INT8) {
        mg_svdf_s8(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data, bias->data,
                   state, mg_output(node, 0)->data, node->scratch);
    } else {
        mg_svdf_f32(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data, bias->data,
                    state, mg_output(node, 0)->data, node->scratch);
    }
    return MG_OK;
}

const mg_registration mg_register_svdf = {0, 0, prepare, invoke};
