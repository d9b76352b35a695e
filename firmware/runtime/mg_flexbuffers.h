/* Reads numbers from a FlexBuffers map: the custom options a converter stores with a custom op. Every read is
 * checked against the buffer's size; a missing key or a malformed buffer returns 0 and leaves *out alone. */
#ifndef MG_FLEXBUFFERS_H
#define MG_FLEXBUFFERS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int mg_flex_get_int(const uint8_t *buf, uint32_t size, const char *key, int32_t *out);
int mg_flex_get_float(const uint8_t *buf, uint32_t size, const char *key, float *out);

#ifdef __cplusplus
}
#endif

#endif
