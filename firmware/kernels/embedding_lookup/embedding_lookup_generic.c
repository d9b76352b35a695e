/* EMBEDDING_LOOKUP, every table type: TFLite Micro's EvalSimple (embedding_lookup.cc), one row copy per id. */
#include <string.h>

#include "embedding_lookup.h"

mg_status mg_embedding_lookup_generic(const mg_embedding_lookup_params *p, const int32_t *ids, const void *table,
                                      void *output)
{
    const size_t row = (size_t)p->row_elements * (size_t)p->element_size;
    const uint8_t *rows = table;
    uint8_t *out = output;
    for (int32_t i = 0; i < p->lookups; ++i) {
        if (ids[i] < 0 || ids[i] >= p->rows) {
            return MG_ERROR;
        }
        memcpy(out + (size_t)i * row, rows + (size_t)ids[i] * row, row);
    }
    return MG_OK;
}
