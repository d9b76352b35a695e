/* LOGISTIC: output = 1 / (1 + exp(-x)), element-wise. int8 (output zero point -128; the values are those of
 * scale 1/256, as TFLite Micro computes them), int16 (zero points 0, output scale 2^-15; mg_sigmoid_table.h) and
 * float32. TANH shares the parameters and the int8 input step. */
#ifndef MG_LOGISTIC_H
#define MG_LOGISTIC_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"

typedef struct {
    int32_t count;
    int32_t input_zero_point;
    int32_t input_range_radius; /* |x - zero point| at or beyond this saturates the output */
    int32_t input_multiplier;   /* int8: input_scale * 2^27 as a Q31 multiplier ... */
    int32_t input_left_shift;   /* ... and a power-of-two shift: the input as Q4.27; int16: the rescaling to the
                                   sigmoid table's scale, x * multiplier >> left_shift (mg_sigmoid_input_s16) */
    /* the dsp and mve kernels' int8 table (logistic_tanh_s8_*.c), NULL for the others: the output for input byte v
     * at byte v, four to an int32 word, the first in the low byte */
    const int32_t *backend_table;
} mg_logistic_params;

/* The int8 input step of TFLite's reference_integer_ops::Logistic and ::Tanh: 0 with *saturated set to the
 * int8 limit when |x - zero point| reaches the radius, else 1 with *q4 the centered input as Q4.27. */
static inline int mg_activation_input_q4(const mg_logistic_params *p, int8_t input, int32_t *q4, int32_t *saturated)
{
    const int32_t x = (int32_t)input - p->input_zero_point;
    if (x <= -p->input_range_radius) {
        *saturated = INT8_MIN;
        return 0;
    }
    if (x >= p->input_range_radius) {
        *saturated = INT8_MAX;
        return 0;
    }
    *q4 = mg_multiply_by_quantized_multiplier(x, p->input_multiplier, p->input_left_shift);
    return 1;
}

/* The int8 kernels of LOGISTIC and TANH: each output is its input's saturated limit (mg_activation_input_q4) or
 * OUTPUT(CURVE(the centered input as Q4.27, 4)), CURVE gemmlowp's fixed-point curve to Q0.31. */
#define MG_ACTIVATION_S8(p, input, output, CURVE, OUTPUT)                                                              \
    for (int32_t i_ = 0; i_ < (p)->count; ++i_) {                                                                      \
        int32_t x_q4_, value_;                                                                                         \
        if (mg_activation_input_q4((p), (input)[i_], &x_q4_, &value_)) {                                               \
            value_ = OUTPUT(CURVE(x_q4_, 4));                                                                          \
        }                                                                                                              \
        (output)[i_] = (int8_t)value_;                                                                                 \
    }

void mg_logistic_s8(const mg_logistic_params *p, const int8_t *input, int8_t *output);
void mg_logistic_s16(const mg_logistic_params *p, const int16_t *input, int16_t *output);
void mg_logistic_f32(const mg_logistic_params *p, const float *input, float *output);

extern const mg_registration mg_register_logistic;
extern const mg_registration mg_register_logistic_tanh_s8_dsp;
extern const mg_registration mg_register_logistic_tanh_s8_mve;

#endif
