/* The mve backend's int8 dot products of one row against many weight rows, four rows a pass, without biases or
 * requantization (the LSTM's gate layers, unidirectional_sequence_lstm_s8_mve.c, and SVDF's feature sums,
 * svdf_s8_mve.c): the sums wrap modulo 2^32, as TFLite's. */
#ifndef MG_MVE_DOTS_H
#define MG_MVE_DOTS_H

#include "mg_mve.h"

#if defined(__ARM_FEATURE_MVE)

/* The dot products' core: row x (%[n] > 0 int8 values) against weight rows %[w0] .. %[w3] into %[a0] .. %[a3], a
 * tail-predicated loop (DLSTP/LETP: the last pass reads and sums only the taps left) of one load of x, and per row
 * one load and one VMLADAVA (whose accumulators must be even registers: "Te"); every pointer ends advanced by n
 * rounded up to 16. */
#define MG_MVE_FOUR_DOTS                                                                                               \
    "dlstp.8     lr, %[n]\n"                                                                                           \
    "1:\n\t"                                                                                                           \
    "vldrb.8     q0, [%[x]], #16\n\t"                                                                                  \
    "vldrb.8     q1, [%[w0]], #16\n\t"                                                                                 \
    "vmladava.s8 %[a0], q0, q1\n\t"                                                                                    \
    "vldrb.8     q2, [%[w1]], #16\n\t"                                                                                 \
    "vmladava.s8 %[a1], q0, q2\n\t"                                                                                    \
    "vldrb.8     q1, [%[w2]], #16\n\t"                                                                                 \
    "vmladava.s8 %[a2], q0, q1\n\t"                                                                                    \
    "vldrb.8     q2, [%[w3]], #16\n\t"                                                                                 \
    "vmladava.s8 %[a3], q0, q2\n\t"                                                                                    \
    "letp        lr, 1b\n\t"

/* Whole groups of four rows (groups > 0), each `depth` apart from w on, against x: the groups' sums into sums, four
 * words a group. One assembly loop: per group, clear the sums, point at its rows, the dot products, store, step the
 * weights on to the next group (advance: four rows less the padded walk) and x back. */
static inline void mve_dot_groups_s8(const int8_t *x, const int8_t *w0, int32_t depth, int32_t groups, int32_t *sums)
{
    const int32_t advance = 4 * depth - ((depth + 15) & ~15);
    int32_t a0, a1, a2, a3;
    const int8_t *w1, *w2, *w3;
    __asm__ volatile(
        "2:\n\t"
        "movs        %[a0], #0\n\t"
        "movs        %[a1], #0\n\t"
        "movs        %[a2], #0\n\t"
        "movs        %[a3], #0\n\t"
        "add         %[w1], %[w0], %[n]\n\t"
        "add         %[w2], %[w1], %[n]\n\t"
        "add         %[w3], %[w2], %[n]\n\t" MG_MVE_FOUR_DOTS "strd        %[a0], %[a1], [%[sums]], #8\n\t"
        "strd        %[a2], %[a3], [%[sums]], #8\n\t"
        "add         %[w0], %[w0], %[advance]\n\t"
        "sub         %[x], %[x], %[n], lsl #2\n\t"
        "add         %[x], %[x], %[advance]\n\t"
        "subs        %[groups], %[groups], #1\n\t"
        "bne         2b"
        : [a0] "=&Te"(a0), [a1] "=&Te"(a1), [a2] "=&Te"(a2), [a3] "=&Te"(a3), [w1] "=&r"(w1), [w2] "=&r"(w2),
          [w3] "=&r"(w3), [x] "+r"(x), [w0] "+r"(w0), [groups] "+r"(groups), [sums] "+r"(sums)
        : [n] "r"(depth), [advance] "r"(advance)
        : "q0", "q1", "q2", "lr", "cc", "memory");
}

/* The last, partial group: `rows` (1 to 3) rows from w on, the others repeating the last (their sums unused). */
static inline void mve_dot_last_group_s8(const int8_t *x, const int8_t *w0, int32_t depth, int32_t rows, int32_t *sums)
{
    const int8_t *w1 = rows > 1 ? w0 + depth : w0, *w2 = rows > 2 ? w0 + 2 * depth : w1, *w3 = w2;
    int32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    __asm__ volatile(MG_MVE_FOUR_DOTS
                     : [a0] "+Te"(a0), [a1] "+Te"(a1), [a2] "+Te"(a2), [a3] "+Te"(a3), [x] "+r"(x), [w0] "+r"(w0),
                       [w1] "+r"(w1), [w2] "+r"(w2), [w3] "+r"(w3)
                     : [n] "r"(depth)
                     : "q0", "q1", "q2", "lr", "memory");
    vstrwq_s32(sums, mve_vec4(a0, a1, a2, a3));
}

/* The sums of `units` weight rows of `depth` int8 values (one after the other from w) against the row x, into sums
 * (units rounded up to whole groups of four). */
static inline void mve_row_sums_s8(const int8_t *x, const int8_t *w, int32_t depth, int32_t units, int32_t *sums)
{
    const int32_t whole = units / 4;
    if (whole > 0) {
        mve_dot_groups_s8(x, w, depth, whole, sums);
    }
    if (units % 4) {
        mve_dot_last_group_s8(x, w + 4 * whole * depth, depth, units % 4, sums + 4 * whole);
    }
}

#endif /* __ARM_FEATURE_MVE */

#endif
