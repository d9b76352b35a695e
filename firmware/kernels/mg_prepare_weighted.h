/* The one prepare of the weighted families (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED), shared by every backend,
 * as TFLite Micro's optimized kernels reuse the reference Prepare: the node's tensors against the generated
 * shapes, then either the reference kernels' type, bias and weight-scale checks or a backend's int8-only, table and
 * scratch checks. */
#ifndef MG_PREPARE_WEIGHTED_H
#define MG_PREPARE_WEIGHTED_H

#include <stddef.h>
#include <stdint.h>

#include "mg_conv_geometry.h"
#include "mg_kernel.h"

/* CONV_2D and DEPTHWISE_CONV_2D: an input, a filter of filter_elements values and one output, of the geometry's
 * shapes. */
mg_status mg_prepare_conv_shapes(mg_node *node, const mg_conv_geometry *g, int32_t filter_elements);

/* FULLY_CONNECTED: an input of batches * accum_depth values, weights of output_depth * accum_depth, one output of
 * batches * output_depth. */
mg_status mg_prepare_fully_connected_shapes(mg_node *node, int32_t batches, int32_t accum_depth,
                                            int32_t output_depth);

/* The reference kernels, once the shapes match: int8 or float32 throughout, a bias of the right type and size, and
 * for int8 nodes with scale_count > 0 the weights' (input 1's) scales in the model (mg_tensor_scales), kept in
 * node->user_data for invoke. */
mg_status mg_prepare_weighted(mg_node *node, int32_t output_depth, uint32_t scale_count);

/* A backend kernel, once the shapes match: int8 throughout, its generated table present, and at least `scratch`
 * bytes of scratch when it needs any. */
mg_status mg_prepare_weighted_backend(mg_node *node, const void *table, size_t scratch);

#endif
