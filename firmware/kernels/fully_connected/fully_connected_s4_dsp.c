#pragma GCC optimize("O2")
/* FULLY_CONNECTED (dsp backend) with int4 weights. With whole words per weight row (accum_depth a multiple of 8) the
 * generator lays the packed weights out over the tensor's bytes (dsp_fully_connected.biased_int4_blocks): per block
 * of four rows a, b, c, d a word for taps k and k + 1, each half one tap's four values as the int16
 * a' + 16 b' + 256 c' + 4096 d (a' = a + 8 and so on, 0..15; d signed). Against the input pair (xk, xk+1), made
 * once per batch row (scratch), a word gives four sums in seven instructions: its SMLAD (T = A' + 16 B' + 256 C' +
 * 4096 D, capitals the rows' sums over the input), its AND with 0x00F000F0 (16 B') and with 0x0F000F00 (256 C') and
 * its SXTB16 ror 8 (c' + 16 d as int16: C' + 16 D), each through an SMLAD: 8 MACs, against 8 instructions with one
 * AND per pair of values. Four rows a pass, in assembly on the M4 (33 instructions per 32 MACs), the blocks one
 * after another in one loop with their four sums (every sum wraps modulo 2^32, so T gives A' exactly) plus their
 * biases, less 8 times the input's sum for a', b', c'.
 * Rows past the last block: one word per eight taps, nibbles j and j + 4 the taps 2j and 2j + 1, one AND and one
 * SMLAD a pair. Other depths (and those past dsp_fully_connected.INT4_BLOCKS_MAX_DEPTH: no layout, p->weights
 * NULL) widen the whole tensor into scratch first and run the int8 kernel (fully_connected_s8_dsp.c). */
#include "fully_connected.h"
#include "fully_connected_dsp_requant.h"
#include "mg_dsp.h"
#include "mg_int4.h"

size_t mg_fully_connected_s4_dsp_scratch_size(int32_t accum_depth, int32_t output_depth, int32_t int8_scratch,
                                              int32_t laid_out)
{
    if (laid_out) {
        return (size_t)accum_depth * 2u; /* the input pairs */
    }
    return mg_int4_widened_bytes(accum_depth * output_depth) + (size_t)int8_scratch;
}

/* The input's int16 pairs (x0, x1), (x2, x3), ... (depth even), four values a word: its SXTB16 halves (x0, x2)
 * and (x1, x3) repacked; returns the input's sum. */
static int32_t pair_input(const int8_t *x, int32_t depth, uint32_t *pairs)
{
    int32_t sum = 0, k = 0;
    for (; k + 4 <= depth; k += 4) {
        const uint32_t v = dsp_ld32(x + k), x02 = dsp_sxtb16(v), x13 = dsp_sxtb16_ror8(v);
        pairs[k / 2] = dsp_pkhbt(x02, x13);
        pairs[k / 2 + 1] = dsp_pkhtb(x13, x02);
        sum = dsp_smlad(x13, 0x00010001u, dsp_smlad(x02, 0x00010001u, sum));
    }
    for (; k < depth; k += 2) {
        pairs[k / 2] = (uint16_t)x[k] | (uint32_t)(uint16_t)x[k + 1] << 16;
        sum += x[k] + x[k + 1];
    }
    return sum;
}

/* The packed weights widened in the int8 kernel's blocks of four rows (fully_connected.h, mg_dsp_mac.h): per four
 * inputs 16 bytes, a pair's word s (rows 2i, 2i + 1) at 8 i + 4 s holding taps s and s + 2, the first row's values
 * plus 128 (as unsigned bytes); the last depth % 8 values row after row; rows past the last block as they are. */
static void unpack_in_blocks(const void *packed, int32_t outputs, int32_t depth, int8_t *out)
{
    const int32_t k8 = depth & ~7, blocked = outputs & ~3;
    for (int32_t r = 0; r < outputs; ++r) {
        for (int32_t k = 0; k < depth; ++k) {
            int32_t at = r * depth + k, value = mg_int4_at(packed, r * depth + k);
            if (r < blocked && k < k8) {
                const int32_t j = k & 3, first = (r & 1) == 0;
                at = (r & ~3) * depth + (k & ~3) * 4 + (r & 2) * 4 + (j & 1) * 4 + (j >> 1) * 2 + (r & 1);
                value = first ? (int8_t)(uint8_t)(value + 128) : value;
            } else if (r < blocked) {
                at = (r & ~3) * depth + 4 * k8 + (r & 3) * (depth - k8) + k - k8;
            }
            out[at] = (int8_t)value;
        }
    }
}

/* acc + the eight products of a biased word w of a row past the last block with the input pairs at x. */
static inline int32_t mac8(int32_t acc, uint32_t w, const uint32_t *x)
{
    for (int32_t j = 0; j < 4; ++j) {
        acc = dsp_smlad((w >> (4 * j)) & 0x000F000Fu, x[j], acc);
    }
    return acc;
}

/* The sums of `blocks` blocks of four rows, each over `words` words (depth / 2) of input pairs, into sums: per
 * block the measures T, 16 B', 256 C', C' + 16 D, then the four rows' sums from them plus their biases, less bias8
 * (8 times the input's sum) for the biased a', b', c'. */
typedef struct {
    const uint32_t *pairs, *pairs_end;
    int32_t odd; /* words & 4: an odd number of steps of four words, one before the loop of two */
    const int32_t *bias;
    int32_t bias8;
    int32_t *sums;
    const uint32_t *w, *w_end;
} s4_blocks;

#if MG_DSP_NATIVE
/* r0-r3 the measures, r4 r5 two input pairs, r6-r9 four words, r10 a masked word, r11 the words, r12 the pairs,
 * lr the pairs' end; the s4_blocks copied onto the stack, its fields at [sp, 4 i]. */
#define MG_S4_WORD(w, x)                                                                                               \
    "smlad r0, " w ", " x ", r0\n"                                                                                     \
    "and r10, " w ", #0x00F000F0\n smlad r1, r10, " x ", r1\n"                                                         \
    "and r10, " w ", #0x0F000F00\n smlad r2, r10, " x ", r2\n"                                                         \
    "sxtb16 r10, " w ", ror #8\n smlad r3, r10, " x ", r3\n"
#define MG_S4_STEP                                                                                                     \
    "ldm r11!, {r6, r7, r8, r9}\n"                                                                                     \
    "ldrd r4, r5, [r12], #8\n" MG_S4_WORD("r6", "r4")                                                                  \
        MG_S4_WORD("r7", "r5") "ldrd r4, r5, [r12], #8\n" MG_S4_WORD("r8", "r4") MG_S4_WORD("r9", "r5")

__attribute__((naked)) static void block_sums(const s4_blocks *b)
{
    (void)b;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "sub sp, #32\n"
                     "ldm r0, {r1, r2, r3, r4, r5, r6, r7, r8}\n"
                     "stm sp, {r1, r2, r3, r4, r5, r6, r7, r8}\n"
                     "mov lr, r2\n"
                     "mov r11, r7\n"
                     "4:\n"
                     "mov r0, #0\n"
                     "mov r1, #0\n"
                     "mov r2, #0\n"
                     "mov r3, #0\n"
                     "ldr r12, [sp]\n"
                     "ldr r10, [sp, #8]\n"
                     "cmp r10, #0\n"
                     "beq 1f\n" MG_S4_STEP "cmp r12, lr\n"
                     "beq 2f\n"
                     "1:\n" MG_S4_STEP MG_S4_STEP "cmp r12, lr\n"
                     "bne 1b\n"
                     "2:\n"
                     "asr r6, r2, #8\n" /* c = 256 C' >> 8 (the third row's sum, biased) */
                     "sub r7, r3, r6\n" /* d = (C' + 16 D - c) >> 4 */
                     "asr r7, r7, #4\n"
                     "sub r4, r0, r1\n" /* a = T - 16 B' - 256 C' - 4096 d */
                     "sub r4, r4, r2\n"
                     "sub r4, r4, r7, lsl #12\n"
                     "asr r5, r1, #4\n"     /* b = 16 B' >> 4 */
                     "ldr r10, [sp, #12]\n" /* plus the biases, less bias8 for a, b, c */
                     "ldm r10!, {r0, r1, r2, r3}\n"
                     "str r10, [sp, #12]\n"
                     "ldr r10, [sp, #16]\n"
                     "add r4, r0\n"
                     "sub r4, r10\n"
                     "add r5, r1\n"
                     "sub r5, r10\n"
                     "add r6, r2\n"
                     "sub r6, r10\n"
                     "add r7, r3\n"
                     "ldr r10, [sp, #20]\n"
                     "stm r10!, {r4, r5, r6, r7}\n"
                     "str r10, [sp, #20]\n"
                     "ldr r10, [sp, #28]\n"
                     "cmp r11, r10\n"
                     "bne 4b\n"
                     "add sp, #32\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}
#undef MG_S4_WORD
#undef MG_S4_STEP
#else
static void block_sums(const s4_blocks *b)
{
    int32_t *sums = b->sums;
    const int32_t *bias = b->bias;
    const int32_t words = (int32_t)(b->pairs_end - b->pairs);
    for (const uint32_t *w = b->w; w < b->w_end; w += words, bias += 4, sums += 4) {
        int32_t m[4] = {0, 0, 0, 0};
        for (int32_t k = 0; k < words; ++k) {
            m[0] = dsp_smlad(w[k], b->pairs[k], m[0]);
            m[1] = dsp_smlad(w[k] & 0x00F000F0u, b->pairs[k], m[1]);
            m[2] = dsp_smlad(w[k] & 0x0F000F00u, b->pairs[k], m[2]);
            m[3] = dsp_smlad(dsp_sxtb16_ror8(w[k]), b->pairs[k], m[3]);
        }
        const int32_t c = m[2] >> 8, d = (int32_t)((uint32_t)m[3] - (uint32_t)c) >> 4;
        const uint32_t a = (uint32_t)m[0] - (uint32_t)m[1] - (uint32_t)m[2] - ((uint32_t)d << 12);
        sums[0] = (int32_t)(a + (uint32_t)(bias[0] - b->bias8));
        sums[1] = (m[1] >> 4) + bias[1] - b->bias8;
        sums[2] = c + bias[2] - b->bias8;
        sums[3] = d + bias[3];
    }
}
#endif

/* Blocks of four outputs whose sums block_sums makes in one call (their sums on the stack). */
#define BLOCKS_AT_ONCE 8

void mg_fully_connected_s4_dsp(const mg_fully_connected_dsp_params *p, const int8_t *input, const void *weights,
                               int8_t *output, void *scratch)
{
    const int32_t depth = p->shape.accum_depth, outputs = p->shape.output_depth;
    if (!p->weights) {
        const int32_t elements = outputs * depth;
        int8_t *widened = scratch;
        unpack_in_blocks(weights, outputs, depth, widened);
        void *rest =
            mg_fully_connected_s8_dsp_scratch_size(depth, outputs) ? widened + mg_int4_widened_bytes(elements) : 0;
        mg_fully_connected_s8_dsp(p, input, widened, output, rest);
        return;
    }
    const mg_fc_dsp_outputs c = {p->act_min, p->act_max, p->requant_checked, p->output_zero_point, p->requant_step};
    const int32_t words = depth / 8; /* per weight row past the last block */
    uint32_t *pairs = scratch;
    for (int32_t b = 0; b < p->shape.batches; ++b) {
        const int32_t bias8 = 8 * pair_input(input + b * depth, depth, pairs); /* the weights' +8 against the input */
        const uint32_t *w = (const uint32_t *)p->weights;
        const int32_t *bias = p->biases, *rq = p->requant;
        int8_t *out = output + b * outputs;
        int32_t o = 0;
        for (int32_t blocks; (blocks = (outputs - o) / 4) > 0;) {
            blocks = blocks < BLOCKS_AT_ONCE ? blocks : BLOCKS_AT_ONCE;
            int32_t sums[4 * BLOCKS_AT_ONCE];
            const s4_blocks run = {pairs, pairs + depth / 2,     (depth / 2) & 4, bias, bias8, sums,
                                   w,     w + blocks * 4 * words};
            block_sums(&run);
            for (int32_t i = 0; i < blocks; ++i, o += 4, w += 4 * words, bias += 4, rq += 4 * c.step) {
                mg_fc_dsp_four_outputs(out + o, sums + 4 * i, rq, &c);
            }
        }
        for (; o < outputs; ++o, w += words, ++bias, rq += c.step) {
            int32_t s = *bias - bias8;
            for (int32_t k = 0; k < words; ++k) {
                s = mac8(s, w[k], pairs + 4 * k);
            }
            out[o] = mg_fc_dsp_output(s, rq, &c);
        }
    }
}
