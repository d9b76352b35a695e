/* The one prepare of the weighted families (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED), shared by every backend,
 * as TFLite Micro's optimized kernels reuse the reference Prepare: the node's tensors against the generated
 * shapes, then the reference kernels' type, bias and weight-scale checks, or a backend's int8-only, table and
 * scratch checks. */
#ifndef MG_PREPARE_WEIGHTED_H
#define MG_PREPARE_WEIGHTED_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

/* An input, weights and one output of the generated element counts (mg_conv_input_elements, ... for the
 * convolutions). */
mg_status mg_prepare_weighted_shapes(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                     int32_t output_elements);

/* A backend kernel: the same, int8 throughout, its generated table present, and at least `scratch` bytes of scratch
 * when it needs any. */
mg_status mg_prepare_weighted_backend(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                      int32_t output_elements, const void *table, size_t scratch);

/* A backend kernel with int4 weights (<op>_s4_<backend>.c), in a type file of its own so that an int8 firmware
 * leaves it out (generator/emit/pruning.py): the same checks with int4 weights and int4_scratch bytes of scratch. */
mg_status mg_prepare_weighted_backend_int4(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                           int32_t output_elements, const void *table, size_t int4_scratch);

/* A backend kernel that takes int4 weights too: mg_prepare_weighted_backend for int8 weights, the int4 checks for
 * int4 ones. */
static inline mg_status mg_prepare_weighted_backend_s4(mg_node *node, int32_t input_elements, int32_t weight_elements,
                                                       int32_t output_elements, const void *table, size_t scratch,
                                                       size_t int4_scratch)
{
    if (mg_input(node, 1) && mg_input(node, 1)->type == MG_INT4) {
        return mg_prepare_weighted_backend_int4(node, input_elements, weight_elements, output_elements, table,
                                                int4_scratch);
    }
    return mg_prepare_weighted_backend(node, input_elements, weight_elements, output_elements, table, scratch);
}

/* The reference kernels, once the shapes match: int8 or float32 throughout (int8 activations may have int4 weights,
 * float32 ones float16 weights, kept in flash), or int16 activations with int8 weights
 * (16x8), a bias of the right type (int32, float32; 16x8: int64 when int64_bias, else int32) and size, and for
 * quantized nodes with scale_count > 0 the weights' (input 1's) scales in the model (mg_tensor_scales), kept in
 * node->user_data for invoke. */
mg_status mg_prepare_weighted(mg_node *node, int32_t output_depth, uint32_t scale_count, int int64_bias);

/* The 16x8 backend kernels (dsp, mve), which take the reference parameter blocks: their scratch and tables... */
typedef struct {
    int32_t input_elements, weight_elements, output_elements, output_depth;
    uint32_t scale_count; /* the weight scales invoke reads (mg_prepare_weighted) */
    int accumulator_64;
    size_t scratch;
    int tables_ok; /* the generated tables the kernel needs are present */
} mg_weighted_s16_plan;

/* ... then the shapes, int16 activations, and the reference checks (mg_prepare_weighted). */
mg_status mg_prepare_weighted_s16_backend(mg_node *node, const mg_weighted_s16_plan *plan);

/* Defines `name`, the one registration of a backend's int8 and 16x8 kernels of an op (the resolver holds one per op
 * and backend, so a model with nodes of both types reaches both through it): the node's input type picks between
 * the prepare and invoke functions of either. */
#define MG_WEIGHTED_S8_S16_REGISTRATION(name, prepare_s8, invoke_s8, prepare_s16, invoke_s16)                          \
    static mg_status prepare(mg_node *node)                                                                            \
    {                                                                                                                  \
        return mg_input(node, 0)->type == MG_INT16 ? prepare_s16(node) : prepare_s8(node);                             \
    }                                                                                                                  \
    static mg_status invoke(mg_node *node)                                                                             \
    {                                                                                                                  \
        return mg_input(node, 0)->type == MG_INT16 ? invoke_s16(node) : invoke_s8(node);                               \
    }                                                                                                                  \
    const mg_registration name = {0, 0, prepare, invoke}

/* Defines invoke_s8 for a backend's int8 kernel `kernel` that takes the parameters, input, weights, output and
 * scratch (node->scratch is 0 when the plan gives none). */
#define MG_WEIGHTED_S8_BACKEND_INVOKE(kernel)                                                                          \
    static mg_status invoke_s8(mg_node *node)                                                                          \
    {                                                                                                                  \
        kernel(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_output(node, 0)->data,               \
               node->scratch);                                                                                         \
        return MG_OK;                                                                                                  \
    }

/* Defines invoke_s8 for a backend's int8 kernel `kernel` as MG_WEIGHTED_S8_BACKEND_INVOKE does, which calls
 * `kernel_s4` (the same arguments, packed weights) for int4 weights. */
#define MG_WEIGHTED_S8_S4_BACKEND_INVOKE(kernel, kernel_s4)                                                            \
    static mg_status invoke_s8(mg_node *node)                                                                          \
    {                                                                                                                  \
        const mg_tensor *weights = mg_input(node, 1);                                                                  \
        if (weights->type == MG_INT4) {                                                                                \
            kernel_s4(node->params, mg_input(node, 0)->data, weights->data, mg_output(node, 0)->data, node->scratch);  \
        } else {                                                                                                       \
            kernel(node->params, mg_input(node, 0)->data, weights->data, mg_output(node, 0)->data, node->scratch);     \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }

/* Defines invoke_s16 for a backend's 16x8 kernel `kernel` of a convolution family (conv_2d, depthwise_conv_2d):
 * input, filter, the per-channel scales mg_prepare_weighted keeps in node->user_data, optional bias, output,
 * scratch. */
#define MG_CONV_S16_BACKEND_INVOKE(kernel)                                                                             \
    static mg_status invoke_s16(mg_node *node)                                                                         \
    {                                                                                                                  \
        const mg_tensor *bias = mg_input(node, 2);                                                                     \
        kernel(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, node->user_data, bias ? bias->data : 0, \
               mg_output(node, 0)->data, node->scratch);                                                               \
        return MG_OK;                                                                                                  \
    }

/* The reference invoke of a convolution family `name` (conv_2d, depthwise_conv_2d): input, filter, optional
 * bias and output to mg_<name>_s8, _s4 (int4 filter, with the node's scratch), _s16 (with the per-channel scales
 * in node->user_data), _f16 (float16 filter) or _f32. */
#define MG_CONV_REFERENCE_INVOKE(name)                                                                                 \
    static mg_status invoke(mg_node *node)                                                                             \
    {                                                                                                                  \
        const mg_tensor *input = mg_input(node, 0);                                                                    \
        const mg_tensor *filter = mg_input(node, 1);                                                                   \
        const mg_tensor *bias = mg_input(node, 2);                                                                     \
        void *output = mg_output(node, 0)->data;                                                                       \
        const void *bias_data = bias ? bias->data : 0;                                                                 \
        if (filter->type == MG_INT4) {                                                                                 \
            mg_##name##_s4(node->params, input->data, filter->data, node->user_data, bias_data, output,                \
                           node->scratch);                                                                             \
        } else if (input->type == MG_INT8) {                                                                           \
            mg_##name##_s8(node->params, input->data, filter->data, node->user_data, bias_data, output);               \
        } else if (input->type == MG_INT16) {                                                                          \
            mg_##name##_s16(node->params, input->data, filter->data, node->user_data, bias_data, output);              \
        } else if (filter->type == MG_FLOAT16) {                                                                       \
            mg_##name##_f16(node->params, input->data, filter->data, bias_data, output);                               \
        } else {                                                                                                       \
            mg_##name##_f32(node->params, input->data, filter->data, bias_data, output);                               \
        }                                                                                                              \
        return MG_OK;                                                                                                  \
    }

#endif
