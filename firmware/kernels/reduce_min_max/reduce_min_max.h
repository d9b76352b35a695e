/* REDUCE_MAX and REDUCE_MIN (TFLite Micro's reduce.cc): the largest or smallest element over some axes. As
 * TFLite's ReduceGeneric, the output starts at the type's lowest (max) or largest (min) value and the input is
 * walked in order, each element compared into its output element with `in > current` (`in < current`).
 * int8 inputs and outputs share one quantization (TFLite Micro requires it), so raw values compare.
 * REDUCE_ALL (bools, TFLite Micro's `in && current` from true) is the same walk: the minimum of 0/1 bytes. */
#ifndef MG_REDUCE_MIN_MAX_H
#define MG_REDUCE_MIN_MAX_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_REDUCE_DIMS 6

typedef struct {
    const int32_t *extents;     /* the input's MG_REDUCE_DIMS extents, outermost first ... */
    const int32_t *out_strides; /* ... and the output element stride of each (0 on a reduced axis) */
    int32_t input_count;
    int32_t output_count;
} mg_reduce_min_max_params;

/* Walks the input in order, keeping the offset of the output element each input element reduces into. */
#define MG_REDUCE_LOOP(p, input, output, INIT, BETTER)                                                                 \
    do {                                                                                                               \
        for (int32_t o_ = 0; o_ < (p)->output_count; ++o_) {                                                           \
            (output)[o_] = (INIT);                                                                                     \
        }                                                                                                              \
        int32_t index_[MG_REDUCE_DIMS] = {0};                                                                          \
        int32_t out_ = 0;                                                                                              \
        for (int32_t n_ = 0; n_ < (p)->input_count; ++n_) {                                                            \
            if (BETTER((input)[n_], (output)[out_])) {                                                                 \
                (output)[out_] = (input)[n_];                                                                          \
            }                                                                                                          \
            for (int d_ = MG_REDUCE_DIMS - 1; d_ >= 0; --d_) {                                                         \
                out_ += (p)->out_strides[d_];                                                                          \
                if (++index_[d_] < (p)->extents[d_]) {                                                                 \
                    break;                                                                                             \
                }                                                                                                      \
                index_[d_] = 0;                                                                                        \
                out_ -= (p)->out_strides[d_] * (p)->extents[d_];                                                       \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

#define MG_REDUCE_GREATER(in, current) ((in) > (current))
#define MG_REDUCE_LESS(in, current) ((in) < (current))

void mg_reduce_max_f32(const mg_reduce_min_max_params *p, const float *input, float *output);
void mg_reduce_max_s8(const mg_reduce_min_max_params *p, const int8_t *input, int8_t *output);
void mg_reduce_min_f32(const mg_reduce_min_max_params *p, const float *input, float *output);
void mg_reduce_min_s8(const mg_reduce_min_max_params *p, const int8_t *input, int8_t *output);
void mg_reduce_all_b(const mg_reduce_min_max_params *p, const uint8_t *input, uint8_t *output);

extern const mg_registration mg_register_reduce_max;
extern const mg_registration mg_register_reduce_min;
extern const mg_registration mg_register_reduce_all;

#endif
