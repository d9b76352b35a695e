/* The dsp and mve MAXIMUM and MINIMUM kernels' walk: mg_broadcast.h's rows, each innermost row handed to the
 * backend's row functions when both inputs step through it (ROW_BOTH(out, a, b, n)) or one of them is one
 * broadcast value (ROW_ONE(out, a, value, n): the maximum and minimum of integers do not depend on the operands'
 * order), else element by element as the reference (STEP: MG_MAXIMUM_STEP or MG_MINIMUM_STEP). Every element is
 * read before the output element at its position is written, so an output over a same-shape input is fine. */
#ifndef MG_MAXIMUM_MINIMUM_ROWS_H
#define MG_MAXIMUM_MINIMUM_ROWS_H

#include "maximum_minimum.h"
#include "mg_broadcast.h"

#define MG_MAXIMUM_MINIMUM_ROWS(T, p, input1, input2, output, ROW_BOTH, ROW_ONE, STEP)                                 \
    do {                                                                                                               \
        const int32_t inner_ = (p)->extents[MG_BCAST_DIMS - 1];                                                        \
        const int32_t step1_ = (p)->strides1[MG_BCAST_DIMS - 1];                                                       \
        const int32_t step2_ = (p)->strides2[MG_BCAST_DIMS - 1];                                                       \
        mg_bcast_cursor cur_ = {{0}, 0, 0};                                                                            \
        T *out_ = (output);                                                                                            \
        for (int32_t r_ = mg_bcast_rows((p)->extents); r_ > 0; --r_, out_ += inner_) {                                 \
            const T *a_ = (input1) + cur_.offset1, *b_ = (input2) + cur_.offset2;                                      \
            if (step1_ == 1 && step2_ == 1) {                                                                          \
                ROW_BOTH(out_, a_, b_, inner_);                                                                        \
            } else if (step1_ == 1 && step2_ == 0) {                                                                   \
                ROW_ONE(out_, a_, *b_, inner_);                                                                        \
            } else if (step1_ == 0 && step2_ == 1) {                                                                   \
                ROW_ONE(out_, b_, *a_, inner_);                                                                        \
            } else {                                                                                                   \
                for (int32_t i_ = 0; i_ < inner_; ++i_) {                                                              \
                    out_[i_] = STEP(a_[i_ * step1_], b_[i_ * step2_]);                                                 \
                }                                                                                                      \
            }                                                                                                          \
            mg_bcast_next_row(&cur_, (p)->extents, (p)->strides1, (p)->strides2);                                      \
        }                                                                                                              \
    } while (0)

#endif
