/* The dsp backend's MAC core (Cortex-M4/M7/M33), shared by CONV_2D and FULLY_CONNECTED as mg_mve_matmul.h is by the
 * mve kernels: four int8 weights in one word become two SXTB16 halves, (w0, w2) and (w1, w3), and each meets an
 * operand pair of int16 values, (x0, x2) and (x1, x3), in two SMLAD: 4 MACs in two instructions once the halves
 * are loaded. CONV_2D keeps one filter row's halves against six columns, SVDF one input's halves against four weight
 * rows; FULLY_CONNECTED and the int8 LSTM read their rows in pairs instead, a word of two rows split by one SXTB16
 * (mg_dsp_four_rows_interleaved). All are written with these pieces, in assembly on the device (the register
 * allocation of their loops is fixed) and in C on the host. DEPTHWISE_CONV_2D pairs its weights ahead of time
 * (SMLAD plus SMLABB per tap column) and does not use them. */
#ifndef MG_DSP_MAC_H
#define MG_DSP_MAC_H

#include <stddef.h>
#include <stdint.h>

#include "mg_dsp.h"

/* acc + w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 for the SXTB16 halves (w02, w13) of a weight word and the operand
 * pairs (x02, x13). */
static inline int32_t mg_dsp_mac4(int32_t acc, uint32_t w02, uint32_t w13, uint32_t x02, uint32_t x13)
{
    return dsp_smlad(w13, x13, dsp_smlad(w02, x02, acc));
}

/* The same from the weight word itself. */
static inline int32_t mg_dsp_mac4_word(int32_t acc, uint32_t w, uint32_t x02, uint32_t x13)
{
    return mg_dsp_mac4(acc, dsp_sxtb16(w), dsp_sxtb16_ror8(w), x02, x13);
}

/* The assembly pieces (register names as string literals):
 * MG_DSP_ASM_LOAD_HALVES loads the word at [base] (base += 4) into lo and splits it: lo = (b0, b2), hi = (b1, b3);
 * MG_DSP_ASM_MAC4 adds lo * x02 + hi * x13 (both SMLAD) to acc. */
#define MG_DSP_ASM_LOAD_HALVES(base, lo, hi)                                                                           \
    "ldr " lo ", [" base "], #4\n\t"                                                                                   \
    "sxtb16 " hi ", " lo ", ror #8\n\t"                                                                                \
    "sxtb16 " lo ", " lo "\n\t"
#define MG_DSP_ASM_MAC4(acc, lo, hi, x02, x13)                                                                         \
    "smlad " acc ", " lo ", " x02 ", " acc "\n\t"                                                                      \
    "smlad " acc ", " hi ", " x13 ", " acc "\n\t"

/* Declares a0-a3, acc[0] to acc[3] pinned to r0-r3 (GNU C register variables), for the assembly loops that name
 * their registers (LDM fills fixed registers in order, and the loops need nearly all of them). */
#define MG_DSP_ACC4_IN_R0_R3(acc)                                                                                      \
    register int32_t a0 __asm__("r0") = (acc)[0];                                                                      \
    register int32_t a1 __asm__("r1") = (acc)[1];                                                                      \
    register int32_t a2 __asm__("r2") = (acc)[2];                                                                      \
    register int32_t a3 __asm__("r3") = (acc)[3]
/* ... and back into acc after the loop */
#define MG_DSP_ACC4_STORE(acc) ((acc)[0] = a0, (acc)[1] = a1, (acc)[2] = a2, (acc)[3] = a3)

/* The row pairs' loop body (mg_dsp_four_rows_interleaved, mg_dsp_row_blocks): MG_DSP_ASM_PAIR_WORD takes a pair's word
 * (reg) against the operand pair xp into the first row's sum a and the second's b; MG_DSP_ASM_ROW_PAIRS one LDM of
 * a block's four words from r11 against the operand pairs r4 (x_k, x_k+2) and r5 (x_k+1, x_k+3) into r0-r3;
 * MG_DSP_ASM_ROW_PAIRS_EXPANDED the same with the operand pairs loaded from the expanded input at r12. */
#define MG_DSP_ASM_PAIR_WORD(reg, xp, a, b)                                                                            \
    "smlad " a ", " reg ", " xp ", " a "\n\t"                                                                          \
    "sxtb16 " reg ", " reg ", ror #8\n\t"                                                                              \
    "smlad " b ", " reg ", " xp ", " b "\n\t"
#define MG_DSP_ASM_ROW_PAIRS                                                                                           \
    "ldm r11!, {r6, r7, r8, r9}\n\t" MG_DSP_ASM_PAIR_WORD("r6", "r4", "r0", "r1")                                      \
        MG_DSP_ASM_PAIR_WORD("r7", "r5", "r0", "r1") MG_DSP_ASM_PAIR_WORD("r8", "r4", "r2", "r3")                      \
            MG_DSP_ASM_PAIR_WORD("r9", "r5", "r2", "r3")
#define MG_DSP_ASM_ROW_PAIRS_EXPANDED "ldrd r4, r5, [r12], #8\n\t" MG_DSP_ASM_ROW_PAIRS

/* SVDF's four-row loop: acc[r] += weight row r (w + r * stride) times the input over the first k8 (a multiple of 8,
 * > 0) inputs, the input as SXTB16 pairs from scratch (`expanded`, two words per 4 inputs). */
static inline __attribute__((always_inline)) void mg_dsp_four_rows(int32_t *acc, const int8_t *w, int32_t stride,
                                                                   const uint32_t *expanded, int32_t k8)
{
#if MG_DSP_NATIVE
    MG_DSP_ACC4_IN_R0_R3(acc);
    register const int8_t *p0 __asm__("r8") = w;
    register const int8_t *p1 __asm__("r9") = w + stride;
    register const int8_t *p2 __asm__("r10") = w + 2 * stride;
    register const int8_t *p3 __asm__("r11") = w + 3 * stride;
    register const uint32_t *xp __asm__("r12") = expanded;
    register const uint32_t *end __asm__("lr") = expanded + k8 / 2;
/* one weight word of a row (p) against the input pair (r4, r5) (mg_dsp_mac.h) */
#define MG_DSP_ROW(p, a) MG_DSP_ASM_LOAD_HALVES(p, "r6", "r7") MG_DSP_ASM_MAC4(a, "r6", "r7", "r4", "r5")
#define MG_DSP_STEP                                                                                                    \
    "ldrd r4, r5, [r12], #8\n\t" MG_DSP_ROW("r8", "r0") MG_DSP_ROW("r9", "r1") MG_DSP_ROW("r10", "r2")                 \
        MG_DSP_ROW("r11", "r3")
    __asm__ volatile("1:\n\t" MG_DSP_STEP MG_DSP_STEP "cmp r12, lr\n\t"
                     "bne 1b\n\t"
                     : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(p0), "+r"(p1), "+r"(p2), "+r"(p3), "+r"(xp)
                     : "r"(end)
                     : "r4", "r5", "r6", "r7", "cc", "memory");
#undef MG_DSP_ROW
#undef MG_DSP_STEP
    MG_DSP_ACC4_STORE(acc);
#else
    for (int32_t k = 0; k < k8; k += 4) {
        for (int32_t r = 0; r < 4; ++r) {
            acc[r] = mg_dsp_mac4_word(acc[r], dsp_ld32(w + r * stride + k), expanded[k / 2], expanded[k / 2 + 1]);
        }
    }
#endif
}

/* 128 times the sum of the first n values (n a multiple of 4) of an input expanded into SXTB16 pairs (two words
 * per 4 values, as mg_dsp_four_rows reads it), or of the int8 input x: what the flipped top bits of
 * mg_dsp_four_rows_interleaved's first rows add. */
static inline int32_t mg_dsp_pairs_sum_times_128(const uint32_t *pairs, int32_t n)
{
    int32_t sum = 0;
    for (int32_t k = 0; k < n / 2; ++k) {
        sum = dsp_smlad(pairs[k], 0x00010001u, sum);
    }
    return (int32_t)((uint32_t)sum << 7);
}

static inline int32_t mg_dsp_sum_times_128(const int8_t *x, int32_t n)
{
    uint32_t biased = 0; /* the sum of x + 128, each byte's top bit flipped, less 128 n after */
    for (int32_t k = 0; k < n; k += 4) {
        biased = dsp_add_bytes(dsp_ld32(x + k) ^ 0x80808080u, biased);
    }
    return (int32_t)((biased - 128u * (uint32_t)n) << 7);
}

/* FULLY_CONNECTED's and the int8 LSTM's four-row loop over rows laid out in row pairs (_dsp_common.rows_in_blocks):
 * acc[r] += row r times the input over the first k8 inputs (a multiple of 8, > 0), four words a step (one LDM).
 * A pair's word holds the first row's taps k and k + 2 plus 128 as unsigned bytes under the second row's, so that
 * its halves are a + 128 + 256 b as int16: its SMLAD with the operand pair (x_k, x_k+2) adds S_a + 128 (x_k +
 * x_k+2) + 256 S_b for those taps, and its SXTB16 (ror 8), the second row's (b_k, b_k+2), S_b in a second SMLAD:
 * 3 instructions per 4 MACs, where a row's own word took 4. Every sum wraps modulo 2^32, which keeps the first
 * row's exact once x128 (mg_dsp_sum_times_128 of those inputs) and 256 times the second row's sum are taken off
 * after the loop. The input as in mg_dsp_four_rows, or int8 (`x`) without `expanded`. */
static inline __attribute__((always_inline)) void mg_dsp_four_rows_interleaved(int32_t *acc, const int8_t *w,
                                                                               const int8_t *x,
                                                                               const uint32_t *expanded, int32_t k8,
                                                                               int32_t x128)
{
    const uint32_t second[2] = {(uint32_t)acc[1], (uint32_t)acc[3]};
#if MG_DSP_NATIVE
    MG_DSP_ACC4_IN_R0_R3(acc);
    register const int8_t *wp __asm__("r11") = w;
#define MG_DSP_STEP "ldr r5, [r12], #4\n\tsxtb16 r4, r5\n\tsxtb16 r5, r5, ror #8\n\t" MG_DSP_ASM_ROW_PAIRS
    if (expanded) {
        register const uint32_t *xp __asm__("r12") = expanded;
        register const uint32_t *end __asm__("lr") = expanded + k8 / 2;
        __asm__ volatile("1:\n\t" MG_DSP_ASM_ROW_PAIRS_EXPANDED MG_DSP_ASM_ROW_PAIRS_EXPANDED "cmp r12, lr\n\t"
                         "bne 1b\n\t"
                         : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(wp), "+r"(xp)
                         : "r"(end)
                         : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    } else {
        register const int8_t *xp __asm__("r12") = x;
        register const int8_t *end __asm__("lr") = x + k8;
        __asm__ volatile("1:\n\t" MG_DSP_STEP MG_DSP_STEP "cmp r12, lr\n\t"
                         "bne 1b\n\t"
                         : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3), "+r"(wp), "+r"(xp)
                         : "r"(end)
                         : "r4", "r5", "r6", "r7", "r8", "r9", "cc", "memory");
    }
#undef MG_DSP_STEP
    MG_DSP_ACC4_STORE(acc);
#else
    /* from the expanded pairs when there are some: the input may already be overwritten (an overlapped output) */
    for (int32_t k = 0; k < k8; k += 4, w += 16) {
        const uint32_t xv = expanded ? 0 : dsp_ld32(x + k);
        const uint32_t x02 = expanded ? expanded[k / 2] : dsp_sxtb16(xv);
        const uint32_t x13 = expanded ? expanded[k / 2 + 1] : dsp_sxtb16_ror8(xv);
        for (int32_t pair = 0; pair < 2; ++pair) {
            const uint32_t w02 = dsp_ld32(w + 8 * pair), w13 = dsp_ld32(w + 8 * pair + 4);
            acc[2 * pair] = dsp_smlad(w13, x13, dsp_smlad(w02, x02, acc[2 * pair]));
            acc[2 * pair + 1] =
                dsp_smlad(dsp_sxtb16_ror8(w13), x13, dsp_smlad(dsp_sxtb16_ror8(w02), x02, acc[2 * pair + 1]));
        }
    }
#endif
    for (int32_t pair = 0; pair < 2; ++pair) {
        const uint32_t second_sum = (uint32_t)acc[2 * pair + 1] - second[pair];
        acc[2 * pair] = (int32_t)((uint32_t)acc[2 * pair] - (second_sum << 8) - (uint32_t)x128);
    }
}

/* Whole blocks of four rows in row pairs (mg_dsp_four_rows_interleaved's layout), one block after another from w,
 * each 4 * depth bytes: its first depth & ~7 taps (> 0) interleaved, then the four rows' last taps one row after
 * another. Each block's four sums against the expanded input (pairs; x128: mg_dsp_pairs_sum_times_128 of its first
 * depth & ~7 values) go to out: `scaled` (the int8 LSTM's gate layers) shifted left by pre_shift, plus bias[r],
 * into out[2 r] (every other word: the other layer's); else (FULLY_CONNECTED) plus bias[r] into out[r]. On the
 * device one assembly loop runs the blocks, 16 taps a turn (an odd 8 first), with their last taps, corrections,
 * scaling and biases, its state at fixed offsets of a struct (the MAC loop takes every other register): about 30
 * to 40 instructions a block where C took over 70. */
typedef struct {
    const uint32_t *pairs;
    int32_t x128, pre_shift;
    const int32_t *bias;
    int32_t *out;
    int32_t tail;          /* the last taps (depth % 8) */
    const int8_t *end;     /* the blocks' end */
    const int32_t *tail_x; /* the last taps' inputs, then MG_DSP_TAIL_END */
} mg_dsp_row_blocks_state;

#define MG_DSP_TAIL_END INT32_MIN /* never an input: they are int8 values */

/* Value k of an input expanded into pairs (two words a quad: (x0, x2), (x1, x3)). */
static inline int32_t mg_dsp_pair_value(const uint32_t *pairs, int32_t k)
{
    return (int16_t)(pairs[(k & ~3) / 2 + (k & 1)] >> (16 * ((k >> 1) & 1)));
}

static inline __attribute__((always_inline)) void mg_dsp_row_blocks(const int32_t *bias, const int8_t *w, int32_t depth,
                                                                    const uint32_t *pairs, int32_t x128,
                                                                    int32_t pre_shift, int32_t blocks, int32_t *out,
                                                                    int scaled)
{
    const int32_t k8 = depth & ~7, tail = depth - k8;
    int32_t tail_x[8];
    for (int32_t k = 0; k < tail; ++k) {
        tail_x[k] = mg_dsp_pair_value(pairs, k8 + k);
    }
    tail_x[tail] = MG_DSP_TAIL_END;
#if MG_DSP_NATIVE
    mg_dsp_row_blocks_state state = {pairs, x128, pre_shift, bias, out, tail, w + 4 * depth * blocks, tail_x};
    register mg_dsp_row_blocks_state *sp_ __asm__("r10") = &state;
    register const int8_t *wp __asm__("r11") = w;
    register const uint32_t *end __asm__("lr") = pairs + k8 / 2;
    _Static_assert(offsetof(mg_dsp_row_blocks_state, x128) == 4 && offsetof(mg_dsp_row_blocks_state, pre_shift) == 8 &&
                       offsetof(mg_dsp_row_blocks_state, bias) == 12 && offsetof(mg_dsp_row_blocks_state, out) == 16 &&
                       offsetof(mg_dsp_row_blocks_state, tail) == 20 && offsetof(mg_dsp_row_blocks_state, end) == 24 &&
                       offsetof(mg_dsp_row_blocks_state, tail_x) == 28,
                   "mg_dsp_row_blocks_state's offsets are the assembly's");
/* a block's sums into r0-r3, r11 then at the next block */
#define MG_DSP_BLOCK_SUMS                                                                                              \
    "movs r0, #0\n\t"                                                                                                  \
    "movs r1, #0\n\t"                                                                                                  \
    "movs r2, #0\n\t"                                                                                                  \
    "movs r3, #0\n\t"                                                                                                  \
    "ldr r12, [r10]\n\t"                                                                                               \
    "sub r4, lr, r12\n\t" /* 16 taps a turn, an odd 8 first: 16 bytes of pairs per 8 taps */                           \
    "tst r4, #16\n\t"                                                                                                  \
    "beq 1f\n\t" MG_DSP_ASM_ROW_PAIRS_EXPANDED MG_DSP_ASM_ROW_PAIRS_EXPANDED "cmp r12, lr\n\t"                         \
    "beq 5f\n"                                                                                                         \
    "1:\n\t" MG_DSP_ASM_ROW_PAIRS_EXPANDED MG_DSP_ASM_ROW_PAIRS_EXPANDED MG_DSP_ASM_ROW_PAIRS_EXPANDED                 \
        MG_DSP_ASM_ROW_PAIRS_EXPANDED "cmp r12, lr\n\t"                                                                \
    "bne 1b\n"                                                                                                         \
    "5:\n\t"                                                                                                           \
    "ldr r4, [r10, #4]\n\t" /* the first rows: less 256 times the second's and x128 */                                 \
    "sub r0, r0, r1, lsl #8\n\t"                                                                                       \
    "sub r0, r0, r4\n\t"                                                                                               \
    "sub r2, r2, r3, lsl #8\n\t"                                                                                       \
    "sub r2, r2, r4\n\t"                                                                                               \
    "ldr r9, [r10, #20]\n\t" /* the last taps: rows r9 bytes apart, r12 their inputs */                                \
    "ldr r12, [r10, #28]\n\t"                                                                                          \
    "add r8, r9, r9, lsl #1\n"                                                                                         \
    "3:\n\t"                                                                                                           \
    "ldr r4, [r12], #4\n\t"                                                                                            \
    "cmp r4, #0x80000000\n\t"                                                                                          \
    "beq 4f\n\t"                                                                                                       \
    "ldrsb r5, [r11]\n\t"                                                                                              \
    "ldrsb r6, [r11, r9]\n\t"                                                                                          \
    "ldrsb r7, [r11, r9, lsl #1]\n\t"                                                                                  \
    "mla r0, r5, r4, r0\n\t"                                                                                           \
    "ldrsb r5, [r11, r8]\n\t"                                                                                          \
    "mla r1, r6, r4, r1\n\t"                                                                                           \
    "mla r2, r7, r4, r2\n\t"                                                                                           \
    "mla r3, r5, r4, r3\n\t"                                                                                           \
    "add r11, #1\n\t"                                                                                                  \
    "b 3b\n"                                                                                                           \
    "4:\n\t"                                                                                                           \
    "add r11, r8\n\t" /* past the other rows' last taps: the next block */
/* the block's biases added to r0-r3 */
#define MG_DSP_ADD_BIASES                                                                                              \
    "ldr r4, [r10, #12]\n\t"                                                                                           \
    "ldm r4!, {r5, r6, r7, r8}\n\t"                                                                                    \
    "str r4, [r10, #12]\n\t"                                                                                           \
    "add r0, r5\n\t"                                                                                                   \
    "add r1, r6\n\t"                                                                                                   \
    "add r2, r7\n\t"                                                                                                   \
    "add r3, r8\n\t"
#define MG_DSP_NEXT_BLOCK                                                                                              \
    "ldr r4, [r10, #24]\n\t"                                                                                           \
    "cmp r11, r4\n\t"                                                                                                  \
    "bne 2b\n\t"
    if (scaled) {
        __asm__ volatile("2:\n\t" MG_DSP_BLOCK_SUMS "ldr r4, [r10, #8]\n\t"
                         "lsl r0, r0, r4\n\t"
                         "lsl r1, r1, r4\n\t"
                         "lsl r2, r2, r4\n\t"
                         "lsl r3, r3, r4\n\t" MG_DSP_ADD_BIASES "ldr r4, [r10, #16]\n\t"
                         "str r0, [r4]\n\t"
                         "str r1, [r4, #8]\n\t"
                         "str r2, [r4, #16]\n\t"
                         "str r3, [r4, #24]\n\t"
                         "add r4, #32\n\t"
                         "str r4, [r10, #16]\n\t" MG_DSP_NEXT_BLOCK
                         : "+r"(wp)
                         : "r"(sp_), "r"(end)
                         : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "cc", "memory");
    } else {
        __asm__ volatile("2:\n\t" MG_DSP_BLOCK_SUMS MG_DSP_ADD_BIASES "ldr r4, [r10, #16]\n\t"
                         "stm r4!, {r0, r1, r2, r3}\n\t"
                         "str r4, [r10, #16]\n\t" MG_DSP_NEXT_BLOCK
                         : "+r"(wp)
                         : "r"(sp_), "r"(end)
                         : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "cc", "memory");
    }
#undef MG_DSP_BLOCK_SUMS
#undef MG_DSP_ADD_BIASES
#undef MG_DSP_NEXT_BLOCK
#else
    for (int32_t b = 0; b < blocks; ++b, w += 4 * depth) {
        int32_t acc[4] = {0, 0, 0, 0};
        mg_dsp_four_rows_interleaved(acc, w, 0, pairs, k8, x128);
        for (int32_t r = 0; r < 4; ++r) {
            for (int32_t k = 0; tail_x[k] != MG_DSP_TAIL_END; ++k) {
                acc[r] += w[4 * k8 + r * tail + k] * tail_x[k];
            }
            if (scaled) {
                out[8 * b + 2 * r] = (int32_t)((uint32_t)acc[r] << pre_shift) + bias[4 * b + r];
            } else {
                out[4 * b + r] = acc[r] + bias[4 * b + r];
            }
        }
    }
#endif
}

#endif
