/* Registrations of the element-wise unary ops (TFLite Micro's elementwise.cc, neg.cc, floor.cc, ceil.cc,
 * round.cc, exp.cc): one prepare for all of them, an invoke per op dispatching on the type. The generator has
 * checked the types against TFLite Micro's; prepare checks that the tensors are the ones it planned. */
#include "elementwise.h"

static mg_status prepare(mg_node *node)
{
    const mg_elementwise_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!input || node->num_inputs != 1 || node->num_outputs != 1) {
        return mg_fail(node, "needs one input and one output");
    }
    const mg_tensor *output = mg_output(node, 0);
    if (mg_num_elements(input) != p->count || mg_num_elements(output) != p->count) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    if (input->type != output->type) {
        return mg_fail(node, "input and output types differ");
    }
    return MG_OK;
}

typedef void (*float_kernel)(const mg_elementwise_params *, const float *, float *);

static mg_status invoke_float(mg_node *node, float_kernel kernel)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type != MG_FLOAT32) {
        return mg_fail(node, "supports float32 only");
    }
    kernel(node->params, input->data, mg_output(node, 0)->data);
    return MG_OK;
}

static mg_status invoke_abs(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    void *output = mg_output(node, 0)->data;
    switch (input->type) {
    case MG_INT8: mg_abs_s8(node->params, input->data, output); return MG_OK;
    case MG_INT16: mg_abs_s16(node->params, input->data, output); return MG_OK;
    default: return invoke_float(node, mg_abs_f32);
    }
}

static mg_status invoke_rsqrt(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type != MG_INT8) {
        return invoke_float(node, mg_rsqrt_f32);
    }
    if (mg_rsqrt_s8(node->params, input->data, mg_output(node, 0)->data) != MG_OK) {
        return mg_fail(node, "Rsqrt is only defined for positive values");
    }
    return MG_OK;
}

static mg_status invoke_logical_not(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    if (input->type != MG_BOOL) {
        return mg_fail(node, "supports bool only");
    }
    mg_logical_not_b(node->params, input->data, mg_output(node, 0)->data);
    return MG_OK;
}

static mg_status invoke_sin(mg_node *node)
{
    return invoke_float(node, mg_sin_f32);
}
static mg_status invoke_cos(mg_node *node)
{
    return invoke_float(node, mg_cos_f32);
}
static mg_status invoke_log(mg_node *node)
{
    return invoke_float(node, mg_log_f32);
}
static mg_status invoke_sqrt(mg_node *node)
{
    return invoke_float(node, mg_sqrt_f32);
}
static mg_status invoke_square(mg_node *node)
{
    return invoke_float(node, mg_square_f32);
}
static mg_status invoke_neg(mg_node *node)
{
    return invoke_float(node, mg_neg_f32);
}
static mg_status invoke_floor(mg_node *node)
{
    return invoke_float(node, mg_floor_f32);
}
static mg_status invoke_ceil(mg_node *node)
{
    return invoke_float(node, mg_ceil_f32);
}
static mg_status invoke_round(mg_node *node)
{
    return invoke_float(node, mg_round_f32);
}
static mg_status invoke_exp(mg_node *node)
{
    return invoke_float(node, mg_exp_f32);
}

const mg_registration mg_register_abs = {0, 0, prepare, invoke_abs};
const mg_registration mg_register_sin = {0, 0, prepare, invoke_sin};
const mg_registration mg_register_cos = {0, 0, prepare, invoke_cos};
const mg_registration mg_register_log = {0, 0, prepare, invoke_log};
const mg_registration mg_register_sqrt = {0, 0, prepare, invoke_sqrt};
const mg_registration mg_register_rsqrt = {0, 0, prepare, invoke_rsqrt};
const mg_registration mg_register_square = {0, 0, prepare, invoke_square};
const mg_registration mg_register_logical_not = {0, 0, prepare, invoke_logical_not};
const mg_registration mg_register_neg = {0, 0, prepare, invoke_neg};
const mg_registration mg_register_floor = {0, 0, prepare, invoke_floor};
const mg_registration mg_register_ceil = {0, 0, prepare, invoke_ceil};
const mg_registration mg_register_round = {0, 0, prepare, invoke_round};
const mg_registration mg_register_exp = {0, 0, prepare, invoke_exp};
