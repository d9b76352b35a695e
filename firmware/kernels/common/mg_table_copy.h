/* The element copy shared by the data-movement kernels whose input position is a sum of one term per output
 * coordinate (MIRROR_PAD, BATCH_TO_SPACE_ND): the output is walked in order over MG_TABLE_COPY_DIMS extents, and
 * each position copies `block` contiguous elements from the input offset offsets_0[i0] + offsets_1[i1] + ...,
 * read from per-axis tables the generator computed. Types are bytes, so one kernel serves every element size. */
#ifndef MG_TABLE_COPY_H
#define MG_TABLE_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MG_TABLE_COPY_DIMS 6

typedef struct {
    const int32_t *extents; /* MG_TABLE_COPY_DIMS extents of the output walk, outermost first ... */
    const int32_t *offsets; /* ... and their input offset tables (in elements), extents[0] entries first */
    int32_t block;          /* contiguous elements copied per position */
    int32_t count;          /* output elements */
    int32_t element_size;   /* bytes per element */
} mg_table_copy_params;

static inline void mg_table_copy(const mg_table_copy_params *p, const void *input, void *output)
{
    const uint8_t *in = input;
    uint8_t *out = output;
    const size_t block = (size_t)p->block * (size_t)p->element_size;
    const int32_t *table[MG_TABLE_COPY_DIMS];
    int32_t index[MG_TABLE_COPY_DIMS] = {0};
    int32_t offset = 0;
    for (int d = 0, start = 0; d < MG_TABLE_COPY_DIMS; start += p->extents[d], ++d) {
        table[d] = p->offsets + start;
        offset += table[d][0];
    }
    for (int32_t n = p->block > 0 ? p->count / p->block : 0; n > 0; --n) {
        memcpy(out, in + (size_t)offset * (size_t)p->element_size, block);
        out += block;
        for (int d = MG_TABLE_COPY_DIMS - 1; d >= 0; --d) {
            const int32_t previous = table[d][index[d]];
            index[d] = index[d] + 1 < p->extents[d] ? index[d] + 1 : 0;
            offset += table[d][index[d]] - previous;
            if (index[d] != 0) {
                break;
            }
        }
    }
}

#endif
