/* ARG_MAX and ARG_MIN along one axis (TFLite Micro's arg_min_max.cc, reference_ops::ArgMinMax): the index of
 * the first largest (smallest) value, as int32. The walk starts at each line's first value and takes a later
 * one only when it is strictly greater (less), so ties keep the first index. */
#ifndef MG_ARG_MIN_MAX_H
#define MG_ARG_MIN_MAX_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t outer_size; /* product of the dimensions before the axis */
    int32_t axis_size;
    int32_t inner_size; /* product of the dimensions after it */
} mg_arg_min_max_params;

/* For every (outer, inner) line along the axis, the index of its best value: BETTER(candidate, best). */
#define MG_ARG_MIN_MAX_LOOP(T, p, input, output, BETTER)                                                               \
    for (int32_t outer_ = 0; outer_ < (p)->outer_size; ++outer_) {                                                     \
        const T *slice_ = (input) + outer_ * (p)->axis_size * (p)->inner_size;                                         \
        for (int32_t inner_ = 0; inner_ < (p)->inner_size; ++inner_) {                                                 \
            T best_ = slice_[inner_];                                                                                  \
            int32_t index_ = 0;                                                                                        \
            for (int32_t i_ = 1; i_ < (p)->axis_size; ++i_) {                                                          \
                const T value_ = slice_[i_ * (p)->inner_size + inner_];                                                \
                if (BETTER(value_, best_)) {                                                                           \
                    best_ = value_;                                                                                    \
                    index_ = i_;                                                                                       \
                }                                                                                                      \
            }                                                                                                          \
            *(output)++ = index_;                                                                                      \
        }                                                                                                              \
    }

#define MG_ARG_GREATER(candidate, best) ((candidate) > (best))
#define MG_ARG_LESS(candidate, best) ((candidate) < (best))

void mg_arg_max_s8(const mg_arg_min_max_params *p, const int8_t *input, int32_t *output);
void mg_arg_max_f32(const mg_arg_min_max_params *p, const float *input, int32_t *output);
void mg_arg_min_s8(const mg_arg_min_max_params *p, const int8_t *input, int32_t *output);
void mg_arg_min_f32(const mg_arg_min_max_params *p, const float *input, int32_t *output);

extern const mg_registration mg_register_arg_max;
extern const mg_registration mg_register_arg_min;

#endif
