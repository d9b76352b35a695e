/* GATHER_ND, every type: TFLite Micro's GatherNd (gather_nd.cc), one slice copy per index row. */
#include <string.h>

#include "gather_nd.h"

mg_status mg_gather_nd_generic(const mg_gather_nd_params *p, const void *params, const int32_t *indices, void *output)
{
    const size_t slice = (size_t)p->slice_size * (size_t)p->element_size;
    const uint8_t *in = params;
    uint8_t *out = output;
    for (int32_t i = 0; i < p->slices; ++i, indices += p->index_depth) {
        int32_t position = 0;
        for (int32_t k = 0; k < p->index_depth; ++k) {
            position += indices[k] * p->strides[k];
        }
        if (position < 0 || position + p->slice_size > p->params_count) {
            return MG_ERROR;
        }
        memcpy(out + (size_t)i * slice, in + (size_t)position * (size_t)p->element_size, slice);
    }
    return MG_OK;
}
