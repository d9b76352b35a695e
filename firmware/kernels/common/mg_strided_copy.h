/* The element copy shared by the data-movement kernels whose output is a fixed permutation of the input
 * (REVERSE_V2, DEPTH_TO_SPACE, SPACE_TO_DEPTH): output elements are written in order, each read from an input
 * offset that an odometer keeps over MG_STRIDED_COPY_DIMS extents with one (signed) input stride each. Types are
 * bytes, so one kernel serves every element size. */
#ifndef MG_STRIDED_COPY_H
#define MG_STRIDED_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MG_STRIDED_COPY_DIMS 6

typedef struct {
    const int32_t *extents; /* MG_STRIDED_COPY_DIMS extents of the output walk, outermost first ... */
    const int32_t *strides; /* ... and the input element stride along each */
    int32_t start;          /* the input element of output element 0 */
    int32_t count;          /* elements */
    int32_t element_size;   /* bytes per element */
} mg_strided_copy_params;

static inline void mg_strided_copy(const mg_strided_copy_params *p, const void *input, void *output)
{
    const uint8_t *in = input;
    uint8_t *out = output;
    const size_t size = (size_t)p->element_size;
    int32_t index[MG_STRIDED_COPY_DIMS] = {0};
    int32_t offset = p->start;
    for (int32_t n = 0; n < p->count; ++n) {
        memcpy(out + (size_t)n * size, in + (size_t)offset * size, size);
        for (int d = MG_STRIDED_COPY_DIMS - 1; d >= 0; --d) {
            offset += p->strides[d];
            if (++index[d] < p->extents[d]) {
                break;
            }
            index[d] = 0;
            offset -= p->strides[d] * p->extents[d];
        }
    }
}

#endif
