/* FULLY_CONNECTED int8 in the portable backend (fully_connected.h): batch row by batch row, the row is staged into
 * scratch as bytes x + 128 and meets every group of four channels' weights (mg_portable_dot.h); a row longer than
 * MG_PORTABLE_CHUNK is staged chunk by chunk for each group, the chunks' sums added. */
/* The firmware builds with -Os, whose code for these loops spills and reloads (half again the instructions); the
 * portable backend's hot loops ask GCC for -O2. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <string.h>

#include "fully_connected.h"
#include "mg_portable_dot.h"

/* Output channels requantized per call (their raw sums on the stack): the call's set-up spread over a block. */
#define MG_PORTABLE_FC_BLOCK 32

size_t mg_fully_connected_s8_portable_scratch_size(int32_t accum_depth)
{
    return (size_t)mg_portable_round8(accum_depth < MG_PORTABLE_CHUNK ? accum_depth : MG_PORTABLE_CHUNK);
}

/* n values of the row staged (zeros up to the next multiple of MG_PORTABLE_TAPS_ALIGN); returns their sum. */
static uint32_t stage_padded(const int8_t *from, uint8_t *to, int32_t n)
{
    const uint32_t sum = mg_portable_stage(from, to, n);
    memset(to + n, 0, (size_t)(mg_portable_round8(n) - n));
    return sum;
}

/* A group's raw sums over a row longer than a chunk, and the staged sum through `staged_sum`. */
static void chunked_sums(const int8_t *row, int32_t depth, const uint8_t *group, uint8_t *scratch, uint32_t sums[4],
                         uint32_t *staged_sum)
{
    sums[0] = sums[1] = sums[2] = sums[3] = 0;
    *staged_sum = 0;
    for (int32_t start = 0; start < depth; start += MG_PORTABLE_CHUNK) {
        const int32_t n = depth - start < MG_PORTABLE_CHUNK ? depth - start : MG_PORTABLE_CHUNK;
        uint32_t part[MG_PORTABLE_GROUP];
        *staged_sum += stage_padded(row + start, scratch, n);
        mg_portable_dot8(scratch, group + start * MG_PORTABLE_GROUP, mg_portable_round8(n), part);
        for (int32_t j = 0; j < MG_PORTABLE_GROUP; ++j) {
            sums[j] += part[j];
        }
    }
}

void mg_fully_connected_s8_portable(const mg_fully_connected_portable_params *p, const int8_t *input, int8_t *output,
                                    uint8_t *scratch)
{
    const mg_fully_connected_shape *s = &p->shape;
    const int32_t depth = s->accum_depth;
    const int32_t taps8 = mg_portable_round8(depth);
    const int whole = depth <= MG_PORTABLE_CHUNK;
    for (int32_t b = 0; b < s->batches; ++b, output += s->output_depth) {
        const int8_t *row = input + b * depth;
        uint32_t staged_sum = whole ? stage_padded(row, scratch, depth) : 0;
        const uint8_t *group = (const uint8_t *)p->weights;
        for (int32_t start = 0; start < s->output_depth; start += MG_PORTABLE_FC_BLOCK) {
            const int32_t block =
                s->output_depth - start < MG_PORTABLE_FC_BLOCK ? s->output_depth - start : MG_PORTABLE_FC_BLOCK;
            uint32_t sums[MG_PORTABLE_FC_BLOCK];
            for (int32_t j = 0; j < block; j += MG_PORTABLE_GROUP, group += taps8 * MG_PORTABLE_GROUP) {
                if (whole) {
                    mg_portable_dot8(scratch, group, taps8, sums + j);
                } else {
                    chunked_sums(row, depth, group, scratch, sums + j, &staged_sum);
                }
            }
            mg_portable_requant(sums, staged_sum, p->folded + start, p->requant + start * p->requant_step,
                                p->requant_step, block, p->thresholds ? p->thresholds + 2 * start : 0, p->output_offset,
                                p->act_min, p->act_max, output + start);
        }
    }
}
