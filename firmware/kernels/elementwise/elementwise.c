/* Registrations of the element-wise unary ops (TFLite Micro's elementwise.cc, neg.cc, floor.cc, ceil.cc,
 * round.cc, exp.cc): one prepare for all of them (mg_prepare_unary_any), an invoke per op dispatching on the type.
 * The generator has checked the types against TFLite Micro's; prepare checks that the tensors are the ones it planned. */
#include "elementwise.h"
#include "mg_elementwise.h"

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

/* A float32-only op: its invoke and its registration. */
#define FLOAT_ONLY(op)                                                                                                 \
    static mg_status invoke_##op(mg_node *node)                                                                        \
    {                                                                                                                  \
        return invoke_float(node, mg_##op##_f32);                                                                      \
    }                                                                                                                  \
    const mg_registration mg_register_##op = {0, 0, mg_prepare_unary_any, invoke_##op}

const mg_registration mg_register_abs = {0, 0, mg_prepare_unary_any, invoke_abs};
const mg_registration mg_register_rsqrt = {0, 0, mg_prepare_unary_any, invoke_rsqrt};
const mg_registration mg_register_logical_not = {0, 0, mg_prepare_unary_any, invoke_logical_not};

FLOAT_ONLY(sin);
FLOAT_ONLY(cos);
FLOAT_ONLY(log);
FLOAT_ONLY(sqrt);
FLOAT_ONLY(square);
FLOAT_ONLY(neg);
FLOAT_ONLY(floor);
FLOAT_ONLY(ceil);
FLOAT_ONLY(round);
FLOAT_ONLY(exp);
