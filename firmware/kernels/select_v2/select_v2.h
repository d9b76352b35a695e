/* SELECT_V2 (TFLite Micro's select.cc): output = condition ? x : y element-wise, the three inputs broadcast
 * NumPy-style to the output (up to 6-D). Elements are copied, quantized ones too, as TFLite Micro does. */
#ifndef MG_SELECT_V2_H
#define MG_SELECT_V2_H

#include <stdint.h>

#include "mg_kernel.h"

#define MG_SELECT_DIMS 6

typedef struct {
    const int32_t *extents;   /* MG_SELECT_DIMS output extents, outermost first ... */
    const int32_t *strides_c; /* ... and the element strides of the condition, x and y in each (0: broadcast) */
    const int32_t *strides_x;
    const int32_t *strides_y;
    int32_t count; /* output elements */
} mg_select_v2_params;

/* Walks the output in order with an odometer over the dimensions, keeping each input's element offset. */
#define MG_SELECT_LOOP(p, condition, x, y, output)                                                                     \
    do {                                                                                                               \
        int32_t index_[MG_SELECT_DIMS] = {0};                                                                          \
        int32_t c_ = 0, x_ = 0, y_ = 0;                                                                                \
        for (int32_t n_ = 0; n_ < (p)->count; ++n_) {                                                                  \
            (output)[n_] = (condition)[c_] ? (x)[x_] : (y)[y_];                                                        \
            for (int d_ = MG_SELECT_DIMS - 1; d_ >= 0; --d_) {                                                         \
                c_ += (p)->strides_c[d_];                                                                              \
                x_ += (p)->strides_x[d_];                                                                              \
                y_ += (p)->strides_y[d_];                                                                              \
                if (++index_[d_] < (p)->extents[d_]) {                                                                 \
                    break;                                                                                             \
                }                                                                                                      \
                index_[d_] = 0;                                                                                        \
                c_ -= (p)->strides_c[d_] * (p)->extents[d_];                                                           \
                x_ -= (p)->strides_x[d_] * (p)->extents[d_];                                                           \
                y_ -= (p)->strides_y[d_] * (p)->extents[d_];                                                           \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

void mg_select_v2_f32(const mg_select_v2_params *p, const uint8_t *condition, const float *x, const float *y,
                      float *output);
void mg_select_v2_s8(const mg_select_v2_params *p, const uint8_t *condition, const int8_t *x, const int8_t *y,
                     int8_t *output);
void mg_select_v2_s16(const mg_select_v2_params *p, const uint8_t *condition, const int16_t *x, const int16_t *y,
                      int16_t *output);

extern const mg_registration mg_register_select_v2;

#endif
