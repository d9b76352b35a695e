/* mcugen's shared types for a model compiled into a library (mcugen generate --as library).
 *
 * Every generated model library exposes its inputs and outputs as mcugen_tensor records; this header also
 * holds the helpers that turn float values into a quantized tensor's integers and back, with TFLite's formula
 * (q = round(x / scale) + zero_point, clamped; x = (q - zero_point) * scale). See docs/embedding.md. */
#ifndef MCUGEN_H
#define MCUGEN_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* TFLite TensorType values (the `type` field). */
enum {
    MCUGEN_FLOAT32 = 0,
    MCUGEN_INT32 = 2,
    MCUGEN_UINT8 = 3,
    MCUGEN_INT64 = 4,
    MCUGEN_BOOL = 6,
    MCUGEN_INT16 = 7,
    MCUGEN_INT8 = 9,
    MCUGEN_UINT32 = 15
};

typedef struct {
    void *data; /* the tensor's bytes (in the arena) */
    size_t bytes;
    int32_t rank;
    const int32_t *dims;
    int32_t type; /* TFLite TensorType: 0 float32, 2 int32, 3 uint8, 7 int16, 9 int8, ... */
    float scale;  /* 0 when the tensor is not quantized */
    int32_t zero_point;
} mcugen_tensor;

/* The integer of an int8, uint8 or int16 tensor that represents `value` (rounded half away from zero and
 * clamped to the type's range, as TFLite's converter quantizes). */
static inline int32_t mcugen_quantize(const mcugen_tensor *tensor, float value)
{
    int32_t lo = tensor->type == MCUGEN_UINT8 ? 0 : tensor->type == MCUGEN_INT16 ? -32768 : -128;
    int32_t hi = tensor->type == MCUGEN_UINT8 ? 255 : tensor->type == MCUGEN_INT16 ? 32767 : 127;
    float q = roundf(value / tensor->scale) + (float)tensor->zero_point;
    return q < (float)lo ? lo : q > (float)hi ? hi : (int32_t)q;
}

/* The real value the integer q of a quantized tensor stands for. */
static inline float mcugen_dequantize(const mcugen_tensor *tensor, int32_t q)
{
    return (float)(q - tensor->zero_point) * tensor->scale;
}

/* Element i of a tensor as a float: float32 as is, int8/uint8/int16 dequantized, int32 converted. */
static inline float mcugen_get_float(const mcugen_tensor *tensor, size_t i)
{
    switch (tensor->type) {
    case MCUGEN_FLOAT32: return ((const float *)tensor->data)[i];
    case MCUGEN_INT8: return mcugen_dequantize(tensor, ((const int8_t *)tensor->data)[i]);
    case MCUGEN_UINT8: return mcugen_dequantize(tensor, ((const uint8_t *)tensor->data)[i]);
    case MCUGEN_INT16: return mcugen_dequantize(tensor, ((const int16_t *)tensor->data)[i]);
    case MCUGEN_INT32: return (float)((const int32_t *)tensor->data)[i];
    default: return 0.0f;
    }
}

/* Stores `value` as element i of a float32, int8, uint8 or int16 tensor (quantized when the tensor is). */
static inline void mcugen_set_float(const mcugen_tensor *tensor, size_t i, float value)
{
    switch (tensor->type) {
    case MCUGEN_FLOAT32: ((float *)tensor->data)[i] = value; break;
    case MCUGEN_INT8: ((int8_t *)tensor->data)[i] = (int8_t)mcugen_quantize(tensor, value); break;
    case MCUGEN_UINT8: ((uint8_t *)tensor->data)[i] = (uint8_t)mcugen_quantize(tensor, value); break;
    case MCUGEN_INT16: ((int16_t *)tensor->data)[i] = (int16_t)mcugen_quantize(tensor, value); break;
    default: break;
    }
}

#ifdef __cplusplus
}
#endif

#endif
