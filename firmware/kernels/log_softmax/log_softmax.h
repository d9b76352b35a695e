/* LOG_SOFTMAX over the last dimension (TFLite Micro's log_softmax.cc): output[i][c] = x[i][c] - max_i -
 * log(sum_c exp(x[i][c] - max_i)). float32, and int8 -> int8 with the output fixed at scale 16/256 and zero
 * point 127, as TFLite's reference LogSoftmaxQuantized computes it. */
#ifndef MG_LOG_SOFTMAX_H
#define MG_LOG_SOFTMAX_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t outer_size;                  /* rows: every dimension but the last */
    int32_t depth;                       /* the last dimension */
    int32_t input_multiplier;            /* int8: input_scale * 2^26 as a Q31 multiplier ... */
    int32_t input_left_shift;            /* ... and a left shift (TFLite's PreprocessLogSoftmaxScalingExp) */
    int32_t reverse_scaling_divisor;     /* int8: the inverse of that scaling, Q31 ... */
    int32_t reverse_scaling_right_shift; /* ... and a right shift */
    int32_t diff_min;                    /* int8: input differences below this contribute nothing */
} mg_log_softmax_params;

void mg_log_softmax_s8(const mg_log_softmax_params *p, const int8_t *input, int8_t *output);
void mg_log_softmax_f32(const mg_log_softmax_params *p, const float *input, float *output);

extern const mg_registration mg_register_log_softmax;

#endif
