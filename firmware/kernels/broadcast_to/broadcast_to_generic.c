/* BROADCAST_TO, every type: TFLite's reference_ops::BroadcastTo, output elements in order, each copied from
 * the input element it broadcasts from. */
#include <string.h>

#include "broadcast_to.h"

void mg_broadcast_to_generic(const mg_broadcast_to_params *p, const void *input, void *output)
{
    const uint8_t *in = input;
    uint8_t *out = output;
    const size_t size = (size_t)p->element_size;
    int32_t index[MG_BROADCAST_TO_DIMS] = {0};
    int32_t offset = 0; /* the input element of output element n */
    for (int32_t n = 0; n < p->count; ++n) {
        memcpy(out + (size_t)n * size, in + (size_t)offset * size, size);
        for (int d = MG_BROADCAST_TO_DIMS - 1; d >= 0; --d) { /* odometer over the output dimensions */
            offset += p->strides[d];
            if (++index[d] < p->extents[d]) {
                break;
            }
            index[d] = 0;
            offset -= p->strides[d] * p->extents[d];
        }
    }
}
