/* The mve backend's 16x8 matrix core, shared by CONV_2D (im2col rows) and FULLY_CONNECTED (batch rows): for one
 * row x of int16 values, every output channel o's int32 sum x . w[o] (int8 weights widened by the load), four
 * channels per pass: per 8 taps one load of x, four of the weights and four VMLADAVA; the last block under a
 * predicate. The sums are exact and requantized as the dsp 16x8 kernels do (mg_dsp_requant_s16.h): the generator
 * claims only nodes whose sums plus bias fit int32. */
#ifndef MG_MVE_MATMUL_S16_H
#define MG_MVE_MATMUL_S16_H

#include <stdint.h>

#include "mg_dsp_requant_s16.h"

/* out[o], o < channels: the outputs of row x (depth values) against the weight rows w[o] (depth apart), channel o's
 * constants in table[o]. */
typedef struct {
    const int8_t *w;
    int32_t depth;
    int32_t channels;
    const mg_dsp_s16_channel *table;
    int all_fast; /* every channel has a fast multiplier: groups of four requantize in vectors */
    mg_requant_s16_step step;
} mg_mve_s16_rows;

#if defined(__ARM_FEATURE_MVE)
void mg_matmul_rows_s16_mve(mg_mve_s16_rows *rows, const int16_t *x, int16_t *out);
#endif

#endif
