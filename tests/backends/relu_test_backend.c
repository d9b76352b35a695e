/* A second backend's RELU (float32 only) for the backend tests: same results as the reference kernel, by a
 * different loop (backwards), so a test can tell which kernel ran only by the plan, never by the outputs. */
#include "relu.h"

static mg_status prepare(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (!input || input->type != MG_FLOAT32 || mg_output(node, 0)->type != MG_FLOAT32) {
        return mg_fail(node, "the test backend's RELU takes float32 only");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    const mg_relu_params *p = node->params;
    const float *in = mg_input(node, 0)->data;
    float *out = mg_output(node, 0)->data;
    for (int32_t i = p->count - 1; i >= 0; --i) {
        out[i] = in[i] > 0.0f ? in[i] : 0.0f;
    }
    return MG_OK;
}

const mg_registration mg_register_relu_test_backend = {0, 0, prepare, invoke};
