/* The broadcast walk of mg_broadcast.h as one statement, for the element-wise binary kernels whose per-element
 * step is an expression (MAXIMUM/MINIMUM, SQUARED_DIFFERENCE, the comparisons, LOGICAL_AND/OR):
 *
 *     MG_BINARY_LOOP(p, input1, input2, output, STEP);
 *
 * writes output[0 .. count) in order, each as STEP(a, b) of the two input elements it broadcasts from; p has
 * the generator's `extents`, `strides1` and `strides2` (see generator/catalog/ops/_broadcast.py). */
#ifndef MG_BINARY_LOOP_H
#define MG_BINARY_LOOP_H

#include "mg_broadcast.h"

#define MG_BINARY_LOOP(p, input1, input2, output, STEP)                                                                \
    do {                                                                                                               \
        const int32_t inner_ = (p)->extents[MG_BCAST_DIMS - 1];                                                        \
        const int32_t step1_ = (p)->strides1[MG_BCAST_DIMS - 1];                                                       \
        const int32_t step2_ = (p)->strides2[MG_BCAST_DIMS - 1];                                                       \
        mg_bcast_cursor cur_ = {{0}, 0, 0};                                                                            \
        int32_t out_ = 0;                                                                                              \
        for (int32_t r_ = mg_bcast_rows((p)->extents); r_ > 0; --r_) {                                                 \
            for (int32_t i_ = 0; i_ < inner_; ++i_) {                                                                  \
                (output)[out_++] = STEP((input1)[cur_.offset1 + i_ * step1_], (input2)[cur_.offset2 + i_ * step2_]);   \
            }                                                                                                          \
            mg_bcast_next_row(&cur_, (p)->extents, (p)->strides1, (p)->strides2);                                      \
        }                                                                                                              \
    } while (0)

#endif
