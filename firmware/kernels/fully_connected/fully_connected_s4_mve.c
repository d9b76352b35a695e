#pragma GCC optimize("O3")
/* FULLY_CONNECTED (mve backend) with int4 weights, read in place in the generator's row pairs
 * (mve_fully_connected.biased_int4_row_pairs, over the packed tensor's bytes): rows 2p and 2p + 1 share depth
 * bytes, byte k holding row 2p's value k plus 8 in its low nibble and row 2p + 1's value k in its high one, so that
 * the byte as int8 is a + 8 + 16 b and its arithmetic shift right by 4 is b. One load and one VSHR of 16 bytes then
 * feed two VMLADAVA of 16 taps each: S_a + 8 X + 16 S_b (X the input row's sum) and S_b, the int8 kernel's loads
 * and VMLADAVA per MAC (S_a is the first less 8 X and 16 S_b; every sum wraps modulo 2^32 as TFLite's does, which
 * keeps it exact). An odd last row pairs its first ceil(depth / 2) values with its others. Per-tensor nodes with no
 * left shift (the usual case) run the assembly loop of mg_mve_matmul.h; the rest, and an odd last row, these
 * intrinsics. No scratch. */
#include "fully_connected.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve_matmul.h"

/* The sums of the pair of rows at w with x (sums[0], sums[1]), eight_x = 8 X. */
static void pair_sums(const int8_t *w, const int8_t *x, int32_t depth, int32_t eight_x, int32_t *sums)
{
    int32_t mixed = 0, second = 0;
    for (int32_t k = 0; k < depth; k += 16) {
        const mve_pred16_t tail = vctp8q((uint32_t)(depth - k));
        const int8x16_t v = vldrbq_z_s8(w + k, tail), xv = vldrbq_z_s8(x + k, tail);
        mixed = vmladavaq_s8(mixed, v, xv);
        second = vmladavaq_s8(second, vshrq_n_s8(v, 4), xv);
    }
    sums[0] = (int32_t)((uint32_t)mixed - ((uint32_t)second << 4) - (uint32_t)eight_x);
    sums[1] = second;
}

/* The sum of an odd last row at w with x: its first `half` values (low nibbles) meet x's first half, its others
 * (high nibbles) the rest. */
static int32_t last_row_sum(const int8_t *w, const int8_t *x, int32_t depth)
{
    const int32_t half = (depth + 1) / 2;
    int32_t mixed = 0, cross = 0, high = 0, first = 0;
    for (int32_t k = 0; k < half; k += 16) {
        const int8x16_t v = vldrbq_z_s8(w + k, vctp8q((uint32_t)(half - k))), hv = vshrq_n_s8(v, 4);
        const int8x16_t low_x = vldrbq_z_s8(x + k, vctp8q((uint32_t)(half - k)));
        const int8x16_t high_x = vldrbq_z_s8(x + half + k, vctp8q((uint32_t)(depth - half - k)));
        mixed = vmladavaq_s8(mixed, v, low_x);
        cross = vmladavaq_s8(cross, hv, low_x);
        high = vmladavaq_s8(high, hv, high_x);
        first = vaddvaq_s8(first, low_x);
    }
    return (int32_t)((uint32_t)mixed - ((uint32_t)cross << 4) - ((uint32_t)first << 3) + (uint32_t)high);
}

/* The sums of the up to four rows from row o (of outputs) of one input row x. */
static void group_sums(const int8_t *w, const int8_t *x, int32_t depth, int32_t outputs, int32_t o, int32_t eight_x,
                       int32_t *sums)
{
    for (int32_t r = o; r < o + 4 && r < outputs; r += 2) {
        const int8_t *pair = w + r / 2 * depth;
        if (r + 1 < outputs) {
            pair_sums(pair, x, depth, eight_x, sums + r - o);
        } else {
            sums[r - o] = last_row_sum(pair, x, depth);
        }
    }
}

/* Nodes with a left shift: every group in C, through the full table. */
static void rows_with_table(const mg_fully_connected_mve_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    const int32x4_t act_min = vdupq_n_s32(p->act_min), act_max = vdupq_n_s32(p->act_max);
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const int8_t *x = input + b * depth;
        const int32_t eight_x = 8 * mve_sum_s8(x, depth);
        const int32_t *table = p->table;
        for (int32_t o = 0; o < outputs; o += 4, table += MVE_TABLE_STRIDE(p->left_shift)) {
            int32_t sums[4] = {0, 0, 0, 0};
            group_sums((const int8_t *)p->weights, x, depth, outputs, o, eight_x, sums);
            const int32x4_t acc =
                mve_requant_group(vldrwq_s32(sums), table, p->left_shift, p->output_offset, act_min, act_max);
            vstrbq_p_s32(output + b * outputs + o, acc, vctp32q((uint32_t)(outputs - o)));
        }
    }
}

/* Per-tensor nodes with no left shift: the paired rows in the assembly loop (one call for all input rows when
 * the outputs are even, so that they follow each other, else one per row), an odd last row here (the table holds
 * only the biases). */
static void rows_uniform(const mg_fully_connected_mve_params *p, const int8_t *input, int8_t *output)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth, paired = outputs & ~1;
    const int32_t batches = p->shape.batches, calls = outputs % 2 ? batches : 1;
    for (int32_t b = 0; b < calls && paired; ++b) {
        mve_rows_args a;
        mve_rows_init(&a, (const int8_t *)p->weights, p->table, depth, paired, p->output_offset, p->act_min,
                      p->act_max);
        a.last_rows[0] = a.last_count > 2 ? depth : 0;
        a.x = input + b * depth;
        a.out = output + b * outputs;
        a.rows = batches / calls;
        a.row_stride = depth;
        a.uniform_multiplier = p->uniform_multiplier;
        a.uniform_neg_shift = p->uniform_neg_shift;
        mg_matmul_rows_uniform_s4_mve(&a);
    }
    if (outputs % 2 == 0) {
        return;
    }
    const int8_t *last = (const int8_t *)p->weights + paired / 2 * depth;
    for (int32_t b = 0; b < batches; ++b) {
        const int32_t sum = last_row_sum(last, input + b * depth, depth) + p->table[paired];
        int32x4_t acc =
            vaddq_n_s32(mve_requant_n(vdupq_n_s32(sum), p->uniform_multiplier, p->uniform_neg_shift), p->output_offset);
        acc = vminq_s32(vmaxq_s32(acc, vdupq_n_s32(p->act_min)), vdupq_n_s32(p->act_max));
        output[b * outputs + paired] = (int8_t)vgetq_lane_s32(acc, 0);
    }
}

void mg_fully_connected_s4_mve(const mg_fully_connected_mve_params *p, const int8_t *input, int8_t *output)
{
    if (p->uniform) {
        rows_uniform(p, input, output);
    } else {
        rows_with_table(p, input, output);
    }
}

#endif
