/* CUMSUM along one axis (TFLite Micro's cumsum.cc, reference_ops::CumSum): each element becomes the sum of the
 * elements before it on its line (exclusive) or up to it (inclusive), walking the line backwards when reversed.
 * float32 adds in float; int8 takes TFLite's quantized path: every value less the input zero point, shifted
 * left by MG_CUMSUM_LEFT_SHIFT and halved (a Q31 multiplier of one half), summed in int32 from a start of the
 * input offset scaled the same way (as TFLite starts it), each partial sum rescaled to the output. */
#ifndef MG_CUMSUM_H
#define MG_CUMSUM_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_CUMSUM_LEFT_SHIFT 20 /* TFLite Micro's kCumSumIntegerShift */

typedef struct {
    int32_t outer_size; /* product of the dimensions before the axis */
    int32_t axis_size;
    int32_t inner_size; /* product of the dimensions after it */
    int32_t exclusive;
    int32_t reverse;
    int32_t input_offset; /* int8: minus the input zero point */
    int32_t output_offset;
    int32_t input_multiplier; /* input_scale / (2 input_scale) as Q31 and shift (TFLite's SmallerThanOneExp) */
    int32_t input_shift;
    int32_t output_multiplier; /* 2 input_scale / (2^20 output_scale) */
    int32_t output_shift;
} mg_cumsum_params;

/* Runs the statements after `step` for each line along the axis, `first` the offset of its first element in
 * summing order and `step` the offset from one element to the next (negative when reversed). */
#define MG_CUMSUM_FOR_EACH_LINE(p, first, step, ...)                                                                   \
    for (int32_t outer_ = 0; outer_ < (p)->outer_size; ++outer_) {                                                     \
        for (int32_t inner_ = 0; inner_ < (p)->inner_size; ++inner_) {                                                 \
            const int32_t step = (p)->reverse ? -(p)->inner_size : (p)->inner_size;                                    \
            const int32_t first =                                                                                      \
                (outer_ * (p)->axis_size + ((p)->reverse ? (p)->axis_size - 1 : 0)) * (p)->inner_size + inner_;        \
            __VA_ARGS__                                                                                                \
        }                                                                                                              \
    }

void mg_cumsum_s8(const mg_cumsum_params *p, const int8_t *input, int8_t *output);
void mg_cumsum_f32(const mg_cumsum_params *p, const float *input, float *output);

extern const mg_registration mg_register_cumsum;

#endif
