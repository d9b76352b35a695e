/* mg_depthwise_conv_2d_3x3_row_s8_portable (depthwise_conv_2d.h): one channel's 3x3 window sums along an output row.
 * ARMv6-M's columns are staged as bytes x + 128, so that every tap is a zero-extending byte load at an immediate
 * offset (its LDRSB takes a register offset only); ARMv7-M's as int8.
 *
 * ARMv6-M reaches r0-r7 with its data instructions: a pointer, the sum and a product leave five registers for weights,
 * so the nine taps take two passes along the row, the first five taps' sums parked in the word after the window's first
 * column: LDRB, MULS, ADDS per MAC (MULS overwrites the value, not the weight), 35 instructions per output with both
 * loops (GCC's code for the C below spills the weights: 62). Elsewhere the C loop: ARMv7-M keeps the nine weights in
 * registers. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include <stdint.h>

#include "depthwise_conv_2d.h"
#include "mg_portable_dot.h"

#if defined(__ARM_ARCH_6M__)

/* Columns 8 bytes apart. r0 the window's first column, r1 the sum, r2 a product, r3-r7 the first pass's weights
 * (r3-r6 the second's, r7 where its sums go), r12 the end, lr the step; the columns and the weights pointer wait on
 * the stack for the second pass. Weights: bytes 4 apart, signed. */
__attribute__((naked)) void mg_depthwise_conv_2d_3x3_row_s8_portable(uint8_t *columns, int32_t count, int32_t step,
                                                                     const int8_t *weights, uint32_t *sums)
{
    (void)columns;
    (void)count;
    (void)step;
    (void)weights;
    (void)sums;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, lr}\n"
                     "muls r1, r2, r1\n"
                     "adds r1, r0, r1\n"
                     "mov r12, r1\n" /* the end */
                     "mov lr, r2\n"  /* the step */
                     "push {r0, r3}\n"
                     /* taps (0, 0), (0, 1), (0, 2), (1, 0), (1, 1): bytes 0, 8, 16, 1, 9 of the window */
                     "ldrb r4, [r3, #4]\n sxtb r4, r4\n"
                     "ldrb r5, [r3, #8]\n sxtb r5, r5\n"
                     "ldrb r6, [r3, #12]\n sxtb r6, r6\n"
                     "ldrb r7, [r3, #16]\n sxtb r7, r7\n"
                     "ldrb r3, [r3, #0]\n sxtb r3, r3\n"
                     "1:\n"
                     "ldrb r1, [r0, #0]\n muls r1, r3, r1\n"
                     "ldrb r2, [r0, #8]\n muls r2, r4, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #16]\n muls r2, r5, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #1]\n muls r2, r6, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #9]\n muls r2, r7, r2\n adds r1, r1, r2\n"
                     "str r1, [r0, #4]\n"
                     "add r0, lr\n"
                     "cmp r0, r12\n"
                     "bne 1b\n"
                     "pop {r0, r3}\n"
                     "ldr r7, [sp, #20]\n" /* sums (the fifth argument, above the five registers pushed) */
                     /* taps (1, 2), (2, 0), (2, 1), (2, 2): bytes 17, 2, 10, 18 */
                     "ldrb r4, [r3, #24]\n sxtb r4, r4\n"
                     "ldrb r5, [r3, #28]\n sxtb r5, r5\n"
                     "adds r3, #20\n"
                     "ldrb r6, [r3, #12]\n sxtb r6, r6\n"
                     "ldrb r3, [r3, #0]\n sxtb r3, r3\n"
                     "2:\n"
                     "ldr r1, [r0, #4]\n"
                     "ldrb r2, [r0, #17]\n muls r2, r3, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #2]\n muls r2, r4, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #10]\n muls r2, r5, r2\n adds r1, r1, r2\n"
                     "ldrb r2, [r0, #18]\n muls r2, r6, r2\n adds r1, r1, r2\n"
                     "stmia r7!, {r1}\n"
                     "add r0, lr\n"
                     "cmp r0, r12\n"
                     "bne 2b\n"
                     "pop {r4, r5, r6, r7, pc}\n");
}

#else

/* ARMv7-M stages the values as they are (depthwise_conv_2d.h) */
#if defined(__ARM_ARCH_7M__)
typedef int8_t mg_staged;
#else
typedef uint8_t mg_staged;
#endif

/* the row with the step a constant where the callers pass one (a register less: no spills on ARMv7-M) */
static inline __attribute__((always_inline)) void row(const uint8_t *columns, int32_t count, int32_t step,
                                                      const int8_t *w, uint32_t *sums)
{
    enum { C = MG_PORTABLE_DW_COLUMN };
    const int32_t w0 = w[0], w1 = w[4], w2 = w[8], w3 = w[12], w4 = w[16], w5 = w[20], w6 = w[24], w7 = w[28],
                  w8 = w[32];
    for (const uint8_t *at = columns, *end = columns + count * step; at < end; at += step) {
        const mg_staged *s = (const mg_staged *)at;
        *sums++ = (uint32_t)(s[0] * w0 + s[C] * w1 + s[2 * C] * w2 + s[1] * w3 + s[C + 1] * w4 + s[2 * C + 1] * w5 +
                             s[2] * w6 + s[C + 2] * w7 + s[2 * C + 2] * w8);
    }
}

void mg_depthwise_conv_2d_3x3_row_s8_portable(uint8_t *columns, int32_t count, int32_t step, const int8_t *weights,
                                              uint32_t *sums)
{
    if (step == MG_PORTABLE_DW_COLUMN) {
        row(columns, count, MG_PORTABLE_DW_COLUMN, weights, sums);
    } else if (step == 2 * MG_PORTABLE_DW_COLUMN) {
        row(columns, count, 2 * MG_PORTABLE_DW_COLUMN, weights, sums);
    } else {
        row(columns, count, step, weights, sums);
    }
}

#endif
