/* FULLY_CONNECTED (mve backend) with int4 weights: the weights widened once per invoke into the scratch (32 values
 * per Helium step, mg_int4.h), then the int8 kernel (fully_connected_s8_mve.c). */
#include "fully_connected.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_mve_scratch_size(int32_t weight_elements, int32_t int8_scratch)
{
    return mg_int4_widened_bytes(weight_elements) + (size_t)int8_scratch; /* the int8 kernel takes none: 0 */
}

#if defined(__ARM_FEATURE_MVE)

void mg_fully_connected_s4_mve(const mg_fully_connected_mve_params *p, const int8_t *input, const void *weights,
                               int8_t *output, int8_t *scratch)
{
    mg_unpack_int4_all(weights, p->shape.output_depth * p->shape.accum_depth, scratch);
    mg_fully_connected_s8_mve(p, input, scratch, output);
}

#endif
