/* Registration glue shared by the element-wise kernels (RELU, LOGISTIC, ADD, ... and their backends), the
 * pooling kernels and the small ops' families (elementwise.c, comparisons.c, DIV, ...): the checks TFLite Micro's
 * Prepare functions make on the tensors, and the invoke that picks the math by type.
 *
 * An element-wise kernel's parameter struct begins with `int32_t count` (the output's element count), which
 * the generic prepare checks against the node's tensors. Its registration is then one line:
 *
 *     MG_REGISTER_UNARY(relu, mg_prepare_unary, mg_relu_s8, mg_relu_f32);      defines mg_register_relu
 *     MG_REGISTER_BINARY_S8(add_portable, prepare, mg_add_s8_portable); defines mg_register_add_portable
 *
 * A kernel whose struct begins with something else (mg_binary_loop.h's broadcast walk, mg_strided_copy.h's)
 * passes its count to mg_check_tensors or mg_check_binary in a two-line prepare; an invoke that dispatches on
 * more types than int8 and float32 is a switch of MG_BINARY_CASE lines. */
#ifndef MG_ELEMENTWISE_H
#define MG_ELEMENTWISE_H

#include <stdint.h>

#include "mg_kernel.h"

enum {
    MG_ELEMENTWISE_INT8_ONLY = 1,  /* a backend kernel: int8 tensors only */
    MG_ELEMENTWISE_SAME_COUNT = 2, /* every input has the output's element count (no broadcasting) */
    MG_ELEMENTWISE_ANY_TYPE = 4,   /* any type, the same for every tensor (the kernel dispatches or copies) */
};

/* mg_check_binary's type argument that leaves a type free: the inputs' any common type, the output's theirs. */
#define MG_SAME_TYPE (-1)

/* Checks a node of (at least) `num_inputs` inputs and one output: the output has output_count elements, each
 * input input_count (-1: any, broadcasting), and every tensor has the output's type, int8 or float32 (any with
 * MG_ELEMENTWISE_ANY_TYPE). */
mg_status mg_check_tensors(mg_node *node, int num_inputs, int32_t input_count, int32_t output_count, int flags);

/* mg_check_tensors for an element-wise node: the output has the params' leading count of elements, each input
 * too for a unary node or with MG_ELEMENTWISE_SAME_COUNT. */
mg_status mg_check_elementwise(mg_node *node, int num_inputs, int flags);

/* Checks a broadcasting binary node: two inputs of one type, input_type unless MG_SAME_TYPE, and one output of
 * `count` elements and type output_type, or the inputs' type with MG_SAME_TYPE. */
mg_status mg_check_binary(mg_node *node, int32_t count, int input_type, int output_type);

static inline mg_status mg_prepare_unary(mg_node *node)
{
    return mg_check_elementwise(node, 1, 0);
}

static inline mg_status mg_prepare_unary_s8(mg_node *node)
{
    return mg_check_elementwise(node, 1, MG_ELEMENTWISE_INT8_ONLY);
}

/* A unary op of any type (one type for input and output) whose kernel dispatches on it or only moves bytes. */
static inline mg_status mg_prepare_unary_any(mg_node *node)
{
    return mg_check_elementwise(node, 1, MG_ELEMENTWISE_ANY_TYPE);
}

static inline mg_status mg_prepare_binary(mg_node *node)
{
    return mg_check_elementwise(node, 2, 0);
}

/* A broadcasting binary op of any type, the same for every tensor (its invoke dispatches on it). */
static inline mg_status mg_prepare_binary_any(mg_node *node)
{
    return mg_check_elementwise(node, 2, MG_ELEMENTWISE_ANY_TYPE);
}

/* The backends' binary kernels: int8, no broadcasting. */
static inline mg_status mg_prepare_binary_s8(mg_node *node)
{
    return mg_check_elementwise(node, 2, MG_ELEMENTWISE_INT8_ONLY | MG_ELEMENTWISE_SAME_COUNT);
}

#define MG_REGISTER_UNARY(name, prepare, s8, f32)                                                                      \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        void *output = mg_output(node, 0)->data;                                                                       \
        if (input->type == MG_INT8) {                                                                                  \
            s8(node->params, input->data, output);                                                                     \
        } else {                                                                                                       \
            f32(node->params, input->data, output);                                                                    \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

/* MG_REGISTER_UNARY for an op with int16 math too; its prepare lets any one type through
 * (mg_prepare_unary_any), so the invoke fails the node on a type it has no math for. */
#define MG_REGISTER_UNARY_WITH_S16(name, prepare, s8, s16, f32)                                                        \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        void *output = mg_output(node, 0)->data;                                                                       \
        switch (input->type) {                                                                                         \
        case MG_INT8: s8(node->params, input->data, output); return MG_OK;                                             \
        case MG_INT16: s16(node->params, input->data, output); return MG_OK;                                           \
        case MG_FLOAT32: f32(node->params, input->data, output); return MG_OK;                                         \
        default: return mg_fail(node, "supports int8, int16 and float32 only");                                        \
        }                                                                                                              \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

/* One math function for whatever type the prepare let through (an int8-only backend, a byte copy, bool ops). */
#define MG_REGISTER_UNARY_ONE(name, prepare, kernel)                                                                   \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        kernel(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);                                       \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

#define MG_REGISTER_UNARY_S8(name, prepare, s8) MG_REGISTER_UNARY_ONE(name, prepare, s8)

#define MG_REGISTER_BINARY(name, prepare, s8, f32)                                                                     \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        const void *input1 = mg_input(node, 0)->data, *input2 = mg_input(node, 1)->data;                               \
        const mg_tensor *output = mg_output(node, 0);                                                                  \
        if (output->type == MG_INT8) {                                                                                 \
            s8(node->params, input1, input2, output->data);                                                            \
        } else {                                                                                                       \
            f32(node->params, input1, input2, output->data);                                                           \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

/* The case of an invoke's `switch` on a type that calls `kernel` on the tensors of the invoke's `node`. */
#define MG_BINARY_CASE(type_code, kernel)                                                                              \
    case type_code:                                                                                                    \
        kernel(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);              \
        return MG_OK;

/* MG_REGISTER_BINARY for an op with int16 and int32 math too (ADD, SUB, MUL; prepare: mg_prepare_binary_any). */
#define MG_REGISTER_BINARY_WITH_S16_S32(name, prepare, s8, s16, s32, f32)                                              \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        switch (mg_output(node, 0)->type) {                                                                            \
            MG_BINARY_CASE(MG_INT8, s8)                                                                                \
            MG_BINARY_CASE(MG_INT16, s16)                                                                              \
            MG_BINARY_CASE(MG_INT32, s32)                                                                              \
            MG_BINARY_CASE(MG_FLOAT32, f32)                                                                            \
        default: return mg_fail(node, "supports int8, int16, int32 and float32 only");                                 \
        }                                                                                                              \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

/* A backend's int8 and int16 kernels of one binary op (dsp, mve: ADD, MUL). */
#define MG_REGISTER_BINARY_S8_S16(name, prepare, s8, s16)                                                              \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        switch (mg_output(node, 0)->type) {                                                                            \
            MG_BINARY_CASE(MG_INT8, s8)                                                                                \
            MG_BINARY_CASE(MG_INT16, s16)                                                                              \
        default: return mg_fail(node, "supports int8 and int16 only");                                                 \
        }                                                                                                              \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

/* One math function for whatever type the prepare let through, as MG_REGISTER_UNARY_ONE. */
#define MG_REGISTER_BINARY_ONE(name, prepare, kernel)                                                                  \
    static mg_status name##_invoke(mg_node *node)                                                                      \
    {                                                                                                                  \
        kernel(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data);              \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_##name = {0, 0, prepare, name##_invoke}

#define MG_REGISTER_BINARY_S8(name, prepare, s8) MG_REGISTER_BINARY_ONE(name, prepare, s8)

#endif
