/* DYNAMIC_UPDATE_SLICE, every type: TFLite Micro's EvalImpl (dynamic_update_slice.cc). An update as large as
 * the operand replaces it whatever the indices; otherwise the operand is copied and the update's rows (its last
 * dimension) are written at the clamped start, row by row in the update's order. */
#include <string.h>

#include "dynamic_update_slice.h"

void mg_dynamic_update_slice_generic(const mg_dynamic_update_slice_params *p, const void *operand, const void *update,
                                     const void *indices, int indices_64, void *output)
{
    const size_t element = (size_t)p->element_size;
    if (p->operand_count == p->update_count) {
        memcpy(output, update, (size_t)p->update_count * element);
        return;
    }
    if (output != operand) {
        memcpy(output, operand, (size_t)p->operand_count * element);
    }
    if (p->update_count == 0) {
        return;
    }
    int32_t offset = 0; /* the block's first element in the output */
    for (int32_t d = 0; d < p->rank; ++d) {
        const int64_t raw = indices_64 ? ((const int64_t *)indices)[d] : ((const int32_t *)indices)[d];
        const int64_t last = (int64_t)p->operand_dims[d] - p->update_dims[d];
        const int64_t start = raw < 0 ? 0 : (raw > last ? last : raw);
        offset += (int32_t)start * p->operand_strides[d];
    }
    const int32_t row_length = p->update_dims[p->rank - 1];
    const size_t row = (size_t)row_length * element;
    const uint8_t *source = update;
    uint8_t *target = output;
    int32_t position[MG_DYNAMIC_UPDATE_SLICE_DIMS] = {0};
    for (int32_t done = 0; done < p->update_count; done += row_length, source += row) {
        memcpy(target + (size_t)offset * element, source, row);
        /* the next row: count up the update's coordinates before the last, moving in the operand's strides */
        for (int32_t d = p->rank - 2; d >= 0; --d) {
            offset += p->operand_strides[d];
            if (++position[d] < p->update_dims[d]) {
                break;
            }
            position[d] = 0;
            offset -= p->operand_strides[d] * p->update_dims[d];
        }
    }
}
