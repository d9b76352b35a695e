/* The runtime's tensor-scale lookup: where the model holds a tensor's quantization scales, so kernels that derive
 * their requantization on the device (mg_requant.h) need neither the plan nor the flatbuffer layout. */
#ifndef MG_TENSOR_SCALES_H
#define MG_TENSOR_SCALES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where the model the runtime runs holds tensor `tensor`'s quantization scales (little-endian float32s), or NULL
 * when it does not hold exactly `count` of them. */
const uint8_t *mg_tensor_scales(int32_t tensor, uint32_t count);

/* The same in any TFLite flatbuffer; every read is bounds-checked against model_size. */
const uint8_t *mg_flatbuffer_tensor_scales(const uint8_t *model, uint32_t model_size, int32_t tensor, uint32_t count);

#ifdef __cplusplus
}
#endif

#endif
