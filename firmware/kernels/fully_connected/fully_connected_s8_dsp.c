#pragma GCC optimize("O2")
#include "fully_connected.h"
#include "fully_connected_dsp_requant.h"
#include "mg_dsp_mac.h"

/* Blocks of four outputs whose sums mg_dsp_row_blocks makes in one call (their sums on the stack). */
#define BLOCKS_AT_ONCE 8

/* acc += the 4 weights at w times the 4 inputs at x (both int8; mg_dsp_mac.h). */
static inline int32_t dot4(const int8_t *w, uint32_t x02, uint32_t x13, int32_t acc)
{
    return mg_dsp_mac4_word(acc, dsp_ld32(w), x02, x13);
}

size_t mg_fully_connected_s8_dsp_scratch_size(int32_t accum_depth, int32_t output_depth)
{
    return output_depth >= 8 ? (size_t)((accum_depth + 3) & ~3) * 2u : 0u;
}

void mg_fully_connected_s8_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const int8_t *weights,
                               int8_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth, k8 = depth & ~7, k4 = depth & ~3;
    const mg_fc_dsp_outputs c = {p->act_min, p->act_max, p->requant_checked, p->output_zero_point, p->requant_step};
    const int32_t step = c.step;
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const int8_t *x = input + b * depth;
        int8_t *out = output + b * outputs;
        uint32_t *expanded = 0;
        int32_t sum = 0;         /* of the first k8 inputs, for mg_dsp_four_rows_interleaved's x128 */
        if (scratch && k8 > 0) { /* the input's SXTB16 pairs once, for every block of four rows */
            expanded = scratch;
            for (int32_t k = 0; k < k8; k += 4) {
                const uint32_t xv = dsp_ld32(x + k), x02 = dsp_sxtb16(xv), x13 = dsp_sxtb16_ror8(xv);
                expanded[k / 2] = x02;
                expanded[k / 2 + 1] = x13;
                sum = dsp_smlad(x13, 0x00010001u, dsp_smlad(x02, 0x00010001u, sum));
            }
            for (int32_t k = k8; k < depth; k += 4) { /* the last taps too (mg_dsp_row_blocks), zeros after them */
                int8_t quad[4] = {0, 0, 0, 0};
                for (int32_t i = 0; i < 4 && k + i < depth; ++i) {
                    quad[i] = x[k + i];
                }
                const uint32_t xv = dsp_ld32(quad);
                expanded[k / 2] = dsp_sxtb16(xv);
                expanded[k / 2 + 1] = dsp_sxtb16_ror8(xv);
            }
        }
        const int32_t x128 = expanded ? (int32_t)((uint32_t)sum << 7) : outputs < 4 ? 0 : mg_dsp_sum_times_128(x, k8);
        const int32_t *bias = p->biases, *rq = p->requant;
        const int8_t *w = p->weights ? (const int8_t *)p->weights : weights;
        int32_t o = 0;
        if (expanded) { /* whole blocks of four rows, BLOCKS_AT_ONCE at a time through mg_dsp_row_blocks */
            int32_t sums[4 * BLOCKS_AT_ONCE];
            for (int32_t blocks; (blocks = (outputs - o) / 4) > 0;) {
                blocks = blocks < BLOCKS_AT_ONCE ? blocks : BLOCKS_AT_ONCE;
                mg_dsp_row_blocks(bias, w, depth, expanded, x128, 0, blocks, sums, 0);
                for (int32_t i = 0; i < blocks; ++i, o += 4, bias += 4, rq += 4 * step, w += 4 * depth) {
                    mg_fc_dsp_four_outputs(out + o, sums + 4 * i, rq, &c);
                }
            }
        }
        for (; o + 4 <= outputs; o += 4, bias += 4, rq += 4 * step, w += 4 * depth) {
            int32_t acc[4] = {bias[0], bias[1], bias[2], bias[3]};
            if (k8 > 0) {
                mg_dsp_four_rows_interleaved(acc, w, x, expanded, k8, x128);
            }
            const int8_t *tails = w + 4 * k8; /* the four rows' last depth - k8 values, one row after another */
            for (int32_t k = k8; k < depth; ++k) {
                for (int32_t r = 0; r < 4; ++r) {
                    acc[r] += tails[r * (depth - k8) + k - k8] * x[k];
                }
            }
            mg_fc_dsp_four_outputs(out + o, acc, rq, &c);
        }
        for (; o < outputs; ++o, ++bias, rq += step, w += depth) {
            int32_t acc = *bias;
            int32_t k = 0;
            for (; k < k4; k += 4) {
                const uint32_t xv = dsp_ld32(x + k);
                acc = dot4(w + k, dsp_sxtb16(xv), dsp_sxtb16_ror8(xv), acc);
            }
            for (; k < depth; ++k) {
                acc += w[k] * x[k];
            }
            out[o] = mg_fc_dsp_output(acc, rq, &c);
        }
    }
}
