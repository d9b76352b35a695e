/* REVERSE_V2, every type: TFLite's reference_ops::Reverse (TFLite Micro's reverse.cc). */
#include <string.h>

#include "reverse_v2.h"

void mg_reverse_v2_generic(const mg_reverse_v2_params *p, const void *input, void *output)
{
    const uint8_t *in = input;
    uint8_t *out = output;
    const size_t size = (size_t)p->element_size;
    int32_t index[MG_REVERSE_DIMS] = {0};
    int32_t offset = p->start;
    for (int32_t n = 0; n < p->count; ++n) {
        memcpy(out + (size_t)n * size, in + (size_t)offset * size, size);
        for (int d = MG_REVERSE_DIMS - 1; d >= 0; --d) {
            offset += p->strides[d];
            if (++index[d] < p->extents[d]) {
                break;
            }
            index[d] = 0;
            offset -= p->strides[d] * p->extents[d];
        }
    }
}
