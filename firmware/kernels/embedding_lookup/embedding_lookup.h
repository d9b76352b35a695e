/* EMBEDDING_LOOKUP (TFLite Micro's embedding_lookup.cc): rows of a table (float32 or int8, 2-D or more) picked by
 * a 1-D int32 list of row numbers. Rows are copied as bytes, or, for an int8 table with a float32 output
 * (TFLite's hybrid case), dequantized with the table's scale (its zero point is 0). */
#ifndef MG_EMBEDDING_LOOKUP_H
#define MG_EMBEDDING_LOOKUP_H

#include <stdint.h>

#include "mg_kernel.h"

typedef struct {
    int32_t lookups;      /* row numbers to look up */
    int32_t rows;         /* rows of the table: a row number must lie in [0, rows) */
    int32_t row_elements; /* elements per row (the product of the table's dimensions after the first) */
    int32_t element_size; /* bytes per table element */
    int32_t dequantize;   /* 1: int8 table, float32 output */
    float scale;          /* the table's scale when dequantizing */
} mg_embedding_lookup_params;

/* Both return MG_ERROR when a row number lies outside the table. */
mg_status mg_embedding_lookup_generic(const mg_embedding_lookup_params *p, const int32_t *ids, const void *table,
                                      void *output);
mg_status mg_embedding_lookup_s8(const mg_embedding_lookup_params *p, const int32_t *ids, const int8_t *table,
                                 float *output);

extern const mg_registration mg_register_embedding_lookup;

#endif
