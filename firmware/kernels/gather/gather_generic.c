/* GATHER, every type: TFLite Micro's Gather (gather.cc), one slice of `inner` elements per position. */
#include <string.h>

#include "gather.h"

mg_status mg_gather_generic(const mg_gather_params *p, const void *input, const int32_t *positions, void *output)
{
    const size_t slice = (size_t)p->inner * (size_t)p->element_size;
    const uint8_t *in = input;
    uint8_t *out = output;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int32_t *batch_positions = positions + b * p->positions;
        for (int32_t o = 0; o < p->outer; ++o) {
            const uint8_t *block = in + (size_t)(b * p->outer + o) * (size_t)p->axis_size * slice;
            for (int32_t i = 0; i < p->positions; ++i) {
                const int32_t position = batch_positions[i];
                if (position < 0 || position >= p->axis_size) {
                    return MG_ERROR;
                }
                memcpy(out, block + (size_t)position * slice, slice);
                out += slice;
            }
        }
    }
    return MG_OK;
}
