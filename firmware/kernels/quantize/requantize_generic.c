/* QUANTIZE between integer types other than int8 -> int8 (requantize_s8 in quantize_s8.c): TFLite's
 * reference_ops::Requantize (TFLite Micro's quantize.cc). Its shortcut for int8 <-> uint8 at one scale (flip the
 * top bit) gives the values this general step gives, so it has no path of its own here. The input offset and
 * the output zero point are added as unsigned, where C defines the wrap TFLite's int32 arithmetic has in
 * practice (an int32 input or output can reach the ends of the range; narrower ones never wrap). */
#include "mg_fixedpoint.h"
#include "quantize.h"

#define REQUANTIZE_LOOP(IN_T, OUT_T, OUT_MIN, OUT_MAX)                                                                 \
    do {                                                                                                               \
        const IN_T *in_ = input;                                                                                       \
        OUT_T *out_ = output;                                                                                          \
        for (int32_t i = 0; i < p->count; ++i) {                                                                       \
            const int32_t offset = (int32_t)((uint32_t)in_[i] - (uint32_t)p->input_zero_point);                        \
            const int32_t scaled = mg_multiply_by_quantized_multiplier(offset, p->multiplier, p->shift);               \
            out_[i] = (OUT_T)mg_clamp((int32_t)((uint32_t)scaled + (uint32_t)p->zero_point), OUT_MIN, OUT_MAX);        \
        }                                                                                                              \
    } while (0)

mg_status mg_requantize_generic(const mg_quantize_params *p, const void *input, int input_type, void *output,
                                int output_type)
{
    if (input_type == MG_INT8 && output_type == MG_UINT8) {
        REQUANTIZE_LOOP(int8_t, uint8_t, 0, UINT8_MAX);
    } else if (input_type == MG_INT8 && output_type == MG_INT16) {
        REQUANTIZE_LOOP(int8_t, int16_t, INT16_MIN, INT16_MAX);
    } else if (input_type == MG_INT8 && output_type == MG_INT32) {
        REQUANTIZE_LOOP(int8_t, int32_t, INT32_MIN, INT32_MAX);
    } else if (input_type == MG_INT16 && output_type == MG_INT8) {
        REQUANTIZE_LOOP(int16_t, int8_t, INT8_MIN, INT8_MAX);
    } else if (input_type == MG_INT16 && output_type == MG_INT16) {
        REQUANTIZE_LOOP(int16_t, int16_t, INT16_MIN, INT16_MAX);
    } else if (input_type == MG_INT16 && output_type == MG_INT32) {
        REQUANTIZE_LOOP(int16_t, int32_t, INT32_MIN, INT32_MAX);
    } else if (input_type == MG_INT32 && output_type == MG_INT8) {
        REQUANTIZE_LOOP(int32_t, int8_t, INT8_MIN, INT8_MAX);
    } else if (input_type == MG_INT32 && output_type == MG_INT16) {
        REQUANTIZE_LOOP(int32_t, int16_t, INT16_MIN, INT16_MAX);
    } else if (input_type == MG_UINT8 && output_type == MG_INT8) {
        REQUANTIZE_LOOP(uint8_t, int8_t, INT8_MIN, INT8_MAX);
    } else {
        return MG_ERROR;
    }
    return MG_OK;
}
