#pragma GCC optimize("O2")
/* FULLY_CONNECTED (dsp backend) with int4 weights. With whole words per weight row (accum_depth a multiple of 8) the
 * generator gives the packed weights each plus 8 (0..15) and each block of four rows' words side by side
 * (dsp_fully_connected.biased_int4_blocks, over the tensor's bytes): a word's nibbles k and k + 4, masked out by one
 * AND with 0x000F000F of the word shifted right by 4k, are a pair of int16 for SMLAD against the input's pair
 * (xk, xk+4), made once per batch row (scratch). Four rows a pass (assembly on the M4: the mask, the words and the
 * sums in registers): a word costs an AND and an SMLAD per pair, 36 instructions and a load of the input per 32 MACs
 * (SXTB16 of the nibbles times 16 took 12 per 8 MACs and row, two rows a pass in C). The sums carry 8 times the
 * input's sum, taken off before the bias. Other depths widen the whole tensor into scratch first and run the int8
 * kernel (fully_connected_s8_dsp.c). */
#include "fully_connected.h"
#include "fully_connected_dsp_requant.h"
#include "mg_dsp.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_dsp_scratch_size(int32_t accum_depth, int32_t output_depth, int32_t int8_scratch)
{
    if (accum_depth % 8 == 0) {
        return (size_t)accum_depth * 2u; /* four pairs per eight inputs */
    }
    return mg_int4_widened_bytes(accum_depth * output_depth) + (size_t)int8_scratch;
}

/* The input's int16 pairs per eight inputs, (x0, x4), (x1, x5), (x2, x6), (x3, x7); returns the input's sum. */
static int32_t pair_input(const int8_t *x, int32_t depth, uint32_t *pairs)
{
    int32_t sum = 0;
    for (int32_t k = 0; k < depth; k += 8, pairs += 4) {
        for (int32_t j = 0; j < 4; ++j) {
            pairs[j] = (uint16_t)x[k + j] | (uint32_t)(uint16_t)x[k + j + 4] << 16;
            sum += x[k + j] + x[k + j + 4];
        }
    }
    return sum;
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

/* acc + the eight products of the biased word w with the paired inputs at x. */
static inline int32_t mac8(int32_t acc, uint32_t w, const uint32_t *x)
{
    for (int32_t j = 0; j < 4; ++j) {
        acc = dsp_smlad((w >> (4 * j)) & 0x000F000Fu, x[j], acc);
    }
    return acc;
}

/* The sums of a block of four rows (their words side by side) over `words` words of paired inputs. */
#if MG_DSP_NATIVE
/* r0 the pairs up to r2, r1 the words, r3-r6 the sums, r7-r10 the four rows' words, r11 a pair, r12 a masked word,
 * lr the mask. */
#define MG_S4_LANE(shift)                                                                                              \
    "ldr r11, [r0], #4\n"                                                                                              \
    "and r12, lr, r7" shift "\n smlad r3, r12, r11, r3\n"                                                              \
    "and r12, lr, r8" shift "\n smlad r4, r12, r11, r4\n"                                                              \
    "and r12, lr, r9" shift "\n smlad r5, r12, r11, r5\n"                                                              \
    "and r12, lr, r10" shift "\n smlad r6, r12, r11, r6\n"

__attribute__((naked)) static void four_rows(const uint32_t *pairs, const uint32_t *w, int32_t words, int32_t sums[4])
{
    (void)pairs;
    (void)w;
    (void)words;
    (void)sums;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "push {r3}\n"
                     "add r2, r0, r2, lsl #4\n"
                     "mov r3, #0\n"
                     "mov r4, #0\n"
                     "mov r5, #0\n"
                     "mov r6, #0\n"
                     "mov lr, #0x000F000F\n"
                     "1:\n"
                     "ldm r1!, {r7, r8, r9, r10}\n" MG_S4_LANE("") MG_S4_LANE(", lsr #4") MG_S4_LANE(", lsr #8")
                         MG_S4_LANE(", lsr #12") "cmp r0, r2\n"
                                                 "bne 1b\n"
                                                 "pop {r12}\n"
                                                 "stm r12, {r3, r4, r5, r6}\n"
                                                 "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}
#else
static void four_rows(const uint32_t *pairs, const uint32_t *w, int32_t words, int32_t sums[4])
{
    int32_t s[4] = {0, 0, 0, 0};
    for (int32_t k = 0; k < words; ++k, w += 4, pairs += 4) {
        for (int32_t r = 0; r < 4; ++r) {
            s[r] = mac8(s[r], w[r], pairs);
        }
    }
    for (int32_t r = 0; r < 4; ++r) {
        sums[r] = s[r];
    }
}
#endif

/* output o of p: its bias plus the sum, requantized */
static inline int8_t output_value(int32_t sum, const mg_fully_connected_dsp_params *p, int32_t o)
{
    const int32_t acc = p->biases[o] + sum;
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
        const int32_t bias8 = 8 * pair_input(input + b * depth, depth, pairs); /* the weights' +8 against the input */
        const uint32_t *w = (const uint32_t *)p->weights;
        int8_t *out = output + b * outputs;
        int32_t o = 0;
        for (; o + 4 <= outputs; o += 4, w += 4 * words) {
            int32_t sums[4];
            four_rows(pairs, w, words, sums);
            for (int32_t r = 0; r < 4; ++r) {
                out[o + r] = output_value(sums[r] - bias8, p, o + r);
            }
        }
        for (; o < outputs; ++o, w += words) {
            int32_t s = 0;
            for (int32_t k = 0; k < words; ++k) {
                s = mac8(s, w[k], pairs + 4 * k);
            }
            out[o] = output_value(s - bias8, p, o);
        }
    }
}
