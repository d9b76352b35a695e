#pragma GCC optimize("O2")
/* FULLY_CONNECTED (dsp backend) with int4 weights. With whole words per weight row (accum_depth a multiple of 8), the
 * packed weights are read in place: a word holds eight values, the even ones in the low nibbles and the odd ones in
 * the high nibbles of its bytes, so (w << 4) & 0xF0F0F0F0 and w & 0xF0F0F0F0 are the two sets times 16 as bytes,
 * and SXTB16 splits each into two pairs of int16, (e0, e4), (e2, e6) and (e1, e5), (e3, e7). The input is paired
 * once per batch row in that order (scratch), so a word costs one LDR, three ALU operations, four SXTB16 and four
 * SMLAD per row. The sums are 16 times TFLite's, exact (the generator claims a node only when 16 times the largest
 * sum fits int32) and shifted back before the bias. Other depths widen the whole tensor into scratch first and run
 * the int8 kernel (fully_connected_s8_dsp.c). */
#include "fully_connected.h"
#include "fully_connected_dsp_requant.h"
#include "mg_dsp_mac.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_dsp_scratch_size(int32_t accum_depth, int32_t output_depth, int32_t int8_scratch)
{
    if (accum_depth % 8 == 0) {
        return (size_t)accum_depth * 2u; /* four pairs per eight inputs */
    }
    return mg_int4_widened_bytes(accum_depth * output_depth) + (size_t)int8_scratch;
}

/* The input's int16 pairs per eight inputs: (x0, x4), (x2, x6), (x1, x5), (x3, x7). */
static void pair_input(const int8_t *x, int32_t depth, uint32_t *pairs)
{
    for (int32_t k = 0; k < depth; k += 8, pairs += 4) {
        const uint32_t a = dsp_ld32(x + k), b = dsp_ld32(x + k + 4);
        const uint32_t a02 = dsp_sxtb16(a), a13 = dsp_sxtb16_ror8(a), b02 = dsp_sxtb16(b), b13 = dsp_sxtb16_ror8(b);
        pairs[0] = (a02 & 0xFFFFu) | (b02 << 16);
        pairs[1] = (a02 >> 16) | (b02 & 0xFFFF0000u);
        pairs[2] = (a13 & 0xFFFFu) | (b13 << 16);
        pairs[3] = (a13 >> 16) | (b13 & 0xFFFF0000u);
    }
}

/* The packed weights widened in the int8 kernel's blocks of four rows (fully_connected.h). */
static void unpack_in_blocks(const void *packed, int32_t outputs, int32_t depth, int8_t *out)
{
    const int32_t k8 = depth & ~7, blocked = outputs & ~3;
    for (int32_t r = 0; r < outputs; ++r) {
        for (int32_t k = 0; k < depth; ++k) {
            int32_t at = r * depth + k; /* rows past the last block as they are */
            if (r < blocked) {
                const int32_t j = r & 3;
                at = (r & ~3) * depth + (k < k8 ? (k & ~3) * 4 + j * 4 + (k & 3) : 4 * k8 + j * (depth - k8) + k - k8);
            }
            out[at] = mg_int4_at(packed, r * depth + k);
        }
    }
}

/* acc + 16 times the eight products of the packed word w with the paired inputs at x. */
static inline int32_t mac8(int32_t acc, uint32_t w, const uint32_t *x)
{
    const uint32_t even = (w << 4) & 0xF0F0F0F0u, odd = w & 0xF0F0F0F0u;
    acc = mg_dsp_mac4(acc, dsp_sxtb16(even), dsp_sxtb16_ror8(even), x[0], x[1]);
    return mg_dsp_mac4(acc, dsp_sxtb16(odd), dsp_sxtb16_ror8(odd), x[2], x[3]);
}

/* output o of p: its bias plus the sum, requantized */
static inline int8_t output_value(int32_t sum16, const mg_fully_connected_dsp_params *p, int32_t o)
{
    const int32_t acc = p->biases[o] + (sum16 >> 4);
    const int32_t *rq = p->requant + o * p->requant_step;
    const int32_t value = mg_fully_connected_dsp_requant(acc, rq, p->requant_checked, p->output_zero_point);
    return (int8_t)dsp_clamp(value, p->act_min, p->act_max);
}

void mg_fully_connected_s4_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const void *weights,
                               int8_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    if (depth % 8) {
        const int32_t elements = outputs * depth;
        int8_t *widened = scratch;
        unpack_in_blocks(weights, outputs, depth, widened);
        void *rest =
            mg_fully_connected_s8_dsp_scratch_size(depth, outputs) ? widened + mg_int4_widened_bytes(elements) : 0;
        mg_fully_connected_s8_dsp(p, input, widened, output, rest);
        return;
    }
    const int32_t words = depth / 8; /* per weight row */
    uint32_t *pairs = scratch;
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        pair_input(input + b * depth, depth, pairs);
        const uint32_t *w = weights;
        int8_t *out = output + b * outputs;
        int32_t o = 0;
        for (; o + 2 <= outputs; o += 2, w += 2 * words) { /* two rows: no register spills in the loop */
            int32_t s0 = 0, s1 = 0;
            const uint32_t *x = pairs;
            for (int32_t k = 0; k < words; ++k, x += 4) {
                s0 = mac8(s0, w[k], x);
                s1 = mac8(s1, w[k + words], x);
            }
            out[o] = output_value(s0, p, o);
            out[o + 1] = output_value(s1, p, o + 1);
        }
        for (; o < outputs; ++o, w += words) {
            int32_t s = 0;
            const uint32_t *x = pairs;
            for (int32_t k = 0; k < words; ++k, x += 4) {
                s = mac8(s, w[k], x);
            }
            out[o] = output_value(s, p, o);
        }
    }
}
