/* The dsp and mve int8 PAD kernels' walk: TFLite's PadImpl order (the output in order, the input consumed in order)
 * by innermost rows instead of elements: a row inside the padding of an outer dimension is one fill, any other row
 * a fill of its left padding, a copy of its input run and a fill of its right padding. FILL(dst, value, n) and
 * COPY(dst, src, n) are the backend's (n may be 0). */
#ifndef MG_PAD_ROWS_H
#define MG_PAD_ROWS_H

#include "pad.h"

#define MG_PAD_ROWS(p, input, value, output, FILL, COPY)                                                               \
    do {                                                                                                               \
        const int32_t *d_ = (p)->output_dims, *l_ = (p)->left_padding, *r_ = (p)->right_padding;                       \
        const int32_t row_ = d_[4], run_ = d_[4] - l_[4] - r_[4];                                                      \
        const int8_t *in_ = (input);                                                                                   \
        int8_t *out_ = (output);                                                                                       \
        for (int32_t i0 = 0; i0 < d_[0]; ++i0) {                                                                       \
            const int pad0 = i0 < l_[0] || i0 >= d_[0] - r_[0];                                                        \
            for (int32_t i1 = 0; i1 < d_[1]; ++i1) {                                                                   \
                const int pad1 = pad0 || i1 < l_[1] || i1 >= d_[1] - r_[1];                                            \
                for (int32_t i2 = 0; i2 < d_[2]; ++i2) {                                                               \
                    const int pad2 = pad1 || i2 < l_[2] || i2 >= d_[2] - r_[2];                                        \
                    for (int32_t i3 = 0; i3 < d_[3]; ++i3, out_ += row_) {                                             \
                        if (pad2 || i3 < l_[3] || i3 >= d_[3] - r_[3]) {                                               \
                            FILL(out_, (value), row_);                                                                 \
                        } else {                                                                                       \
                            FILL(out_, (value), l_[4]);                                                                \
                            COPY(out_ + l_[4], in_, run_);                                                             \
                            FILL(out_ + l_[4] + run_, (value), r_[4]);                                                 \
                            in_ += run_;                                                                               \
                        }                                                                                              \
                    }                                                                                                  \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

#endif
