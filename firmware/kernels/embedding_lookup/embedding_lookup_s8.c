/* EMBEDDING_LOOKUP, int8 table to float32: TFLite Micro's EvalHybrid (embedding_lookup.cc), each row dequantized
 * as (value - 0) * scale in float. */
#include "embedding_lookup.h"

mg_status mg_embedding_lookup_s8(const mg_embedding_lookup_params *p, const int32_t *ids, const int8_t *table,
                                 float *output)
{
    for (int32_t i = 0; i < p->lookups; ++i) {
        if (ids[i] < 0 || ids[i] >= p->rows) {
            return MG_ERROR;
        }
        const int8_t *row = table + (size_t)ids[i] * (size_t)p->row_elements;
        for (int32_t k = 0; k < p->row_elements; ++k) {
            *output++ = (float)row[k] * p->scale;
        }
    }
    return MG_OK;
}
