/* MEAN and SUM over a set of axes (TFLite Micro's reduce.cc, PrepareMeanOrSum): one family, one math. The
 * generator splits the input's dimensions into the kept ("outer") ones, whose row-major order is the output's,
 * and the reduced ("inner") ones, summed in the input's row-major order as TFLite's reference kernels add them;
 * both lists are padded to MG_MEAN_DIMS with size-1 dimensions.
 *
 * float32: the sum divided by count_f (SUM: 1, which leaves the sum as it is). int8 and int16: TFLite's
 * QuantizedMeanOrSum, the sum less count input zero points scaled once by a multiplier (MEAN folds 1/count
 * into it, SUM does not). */
#ifndef MG_MEAN_H
#define MG_MEAN_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

#define MG_MEAN_DIMS 5

typedef struct {
    const int32_t *outer_dims;    /* MG_MEAN_DIMS sizes of the kept dimensions ... */
    const int32_t *outer_strides; /* ... and their strides in the input (elements) */
    const int32_t *inner_dims;    /* MG_MEAN_DIMS sizes of the reduced dimensions ... */
    const int32_t *inner_strides;
    int32_t input_count;
    int32_t output_count;
    int32_t count;            /* elements reduced into each output */
    float count_f;            /* float32 divides the sum by it (MEAN: count, SUM: 1) */
    int32_t input_zero_point; /* int8, int16 */
    int32_t output_zero_point;
    int32_t multiplier; /* input_scale / output_scale (MEAN: / count, as TFLite's QuantizedMeanOrSum folds it) */
    int32_t shift;
} mg_mean_params;

/* Runs the statements after `offset` for each position of MG_MEAN_DIMS dims in row-major order, with `offset`
 * its input offset (elements). */
#define MG_MEAN_WALK(dims, strides, offset, ...)                                                                       \
    for (int32_t offset##0 = 0; offset##0 < (dims)[0]; ++offset##0)                                                    \
        for (int32_t offset##1 = 0; offset##1 < (dims)[1]; ++offset##1)                                                \
            for (int32_t offset##2 = 0; offset##2 < (dims)[2]; ++offset##2)                                            \
                for (int32_t offset##3 = 0; offset##3 < (dims)[3]; ++offset##3) {                                      \
                    const int32_t offset##row = offset##0 * (strides)[0] + offset##1 * (strides)[1] +                  \
                                                offset##2 * (strides)[2] + offset##3 * (strides)[3];                   \
                    for (int32_t offset##4 = 0; offset##4 < (dims)[4]; ++offset##4) {                                  \
                        const int32_t offset = offset##row + offset##4 * (strides)[4];                                 \
                        __VA_ARGS__                                                                                    \
                    }                                                                                                  \
                }

/* TFLite's QuantizedMeanOrSum for input type T in [lo, hi]: each output's sum (int32, wrapping as TFLite adds),
 * less count input zero points, scaled once by the multiplier, plus the output zero point, clamped. */
#define MG_MEAN_QUANTIZED(T, p, input, output, lo, hi)                                                                 \
    MG_MEAN_WALK((p)->outer_dims, (p)->outer_strides, outer_, {                                                        \
        uint32_t sum_ = 0;                                                                                             \
        MG_MEAN_WALK((p)->inner_dims, (p)->inner_strides, inner_,                                                      \
                     sum_ += (uint32_t)(int32_t)(input)[outer_ + inner_];)                                             \
        const int32_t shifted_ = (int32_t)((int64_t)(int32_t)sum_ - (int64_t)(p)->input_zero_point * (p)->count);      \
        const int32_t value_ = mg_multiply_by_quantized_multiplier(shifted_, (p)->multiplier, (p)->shift);             \
        *(output)++ = (T)mg_clamp(value_ + (p)->output_zero_point, (lo), (hi));                                        \
    })

void mg_mean_s8(const mg_mean_params *p, const int8_t *input, int8_t *output);
void mg_mean_s16(const mg_mean_params *p, const int16_t *input, int16_t *output);
void mg_mean_f32(const mg_mean_params *p, const float *input, float *output);

extern const mg_registration mg_register_mean;
extern const mg_registration mg_register_sum;

#endif
