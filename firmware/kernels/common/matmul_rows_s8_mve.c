/* The mve backend's one-row matrix loops (mg_mve_matmul.h) in assembly: GCC 12 keeps too many of its values on the
 * stack, these loops keep them in registers. Per group of four output channels they cost 24 + 10 * blocks
 * instructions (int8 weights; int4 ones 26 + 10 * blocks), blocks = depth / 16 rounded up: the four biases start the
 * four int32 sums (one LDM), each block of 16 taps is one load of x, four of the int8 weights and four VMLADAVA (or
 * two loads of int4 row pairs, two VSHR and four VMLADAVA), the last block's x under a predicate (its other lanes
 * are zero, so the weights read past a row's end, which stay inside the filter, add nothing), then the
 * requantization (mg_mve.h) and a narrowing store. The last group of a row (1-4 channels) repeats its first
 * row in place of the missing ones, reads its last block's weights under the predicate too (the filter's last row
 * ends there) and stores under a predicate. */
#include "mg_mve_matmul.h"

#if defined(__ARM_FEATURE_MVE)

/* Offsets of mve_rows_args' fields, as the assembly reads them. */
_Static_assert(__builtin_offsetof(mve_rows_args, x) == 0, "x");
_Static_assert(__builtin_offsetof(mve_rows_args, w) == 4, "w");
_Static_assert(__builtin_offsetof(mve_rows_args, out) == 8, "out");
_Static_assert(__builtin_offsetof(mve_rows_args, table) == 12, "table");
_Static_assert(__builtin_offsetof(mve_rows_args, depth) == 16, "depth");
_Static_assert(__builtin_offsetof(mve_rows_args, groups) == 20, "groups");
_Static_assert(__builtin_offsetof(mve_rows_args, output_offset) == 24, "output_offset");
_Static_assert(__builtin_offsetof(mve_rows_args, act_min) == 28, "act_min");
_Static_assert(__builtin_offsetof(mve_rows_args, act_max) == 32, "act_max");
_Static_assert(__builtin_offsetof(mve_rows_args, rows) == 36, "rows");
_Static_assert(__builtin_offsetof(mve_rows_args, row_stride) == 40, "row_stride");
_Static_assert(__builtin_offsetof(mve_rows_args, last_count) == 44, "last_count");
_Static_assert(__builtin_offsetof(mve_rows_args, last_rows) == 48, "last_rows");
_Static_assert(__builtin_offsetof(mve_rows_args, uniform_multiplier) == 60, "uniform_multiplier");
_Static_assert(__builtin_offsetof(mve_rows_args, uniform_neg_shift) == 64, "uniform_neg_shift");

/* One block of x (q0) against the four weight rows, into the four sums. */
#define MAC_4_ROWS                                                                                                     \
    "vldrb.8  q1, [r3], #16\n\t"                                                                                       \
    "vmladava.s8 r0, q0, q1\n\t"                                                                                       \
    "vldrb.8  q2, [r8], #16\n\t"                                                                                       \
    "vmladava.s8 r2, q0, q2\n\t"                                                                                       \
    "vldrb.8  q3, [r10], #16\n\t"                                                                                      \
    "vmladava.s8 r4, q0, q3\n\t"                                                                                       \
    "vldrb.8  q4, [r9], #16\n\t"                                                                                       \
    "vmladava.s8 r6, q0, q4\n\t"

/* After the doubling high multiply of q0: the rounding right shift by minus q1 (mg_mve.h's mve_rounding_divide),
 * the output zero point and the clamp. */
#define SHIFT_OFFSET_CLAMP                                                                                             \
    "vand     q2, q0, q1\n\t"                                                                                          \
    "vshr.s32 q2, q2, #31\n\t"                                                                                         \
    "vqadd.s32 q0, q0, q2\n\t"                                                                                         \
    "vrshl.s32 q0, q0, q1\n\t"                                                                                         \
    "vadd.i32 q0, q0, q7\n\t"                                                                                          \
    "vmax.s32 q0, q0, q5\n\t"                                                                                          \
    "vmin.s32 q0, q0, q6\n\t"

/* The four sums requantized (mg_mve.h), offset and clamped in q0, ready for the narrowing store. */
#define REQUANT_4_SUMS                                                                                                 \
    "vmov     q0[2], q0[0], r0, r4\n\t"                                                                                \
    "vmov     q0[3], q0[1], r2, r6\n\t"                                                                                \
    "vldrw.32 q1, [r5], #16\n\t"                                                                                       \
    "vqrdmulh.s32 q0, q0, q1\n\t"                                                                                      \
    "vldrb.s32 q1, [r5], #4\n\t" SHIFT_OFFSET_CLAMP

/* The same requantization with one multiplier and shift for every channel, from the arguments
 * (mg_matmul_rows_uniform_s8_mve: its table holds only the biases). r0 and r2 are free once the sums are in q0. */
#define REQUANT_4_SUMS_UNIFORM                                                                                         \
    "vmov     q0[2], q0[0], r0, r4\n\t"                                                                                \
    "vmov     q0[3], q0[1], r2, r6\n\t"                                                                                \
    "ldr      r0, [sp, #0]\n\t"                                                                                        \
    "ldr      r2, [r0, #60]\n\t"                                                                                       \
    "vqrdmulh.s32 q0, q0, r2\n\t"                                                                                      \
    "ldr      r2, [r0, #64]\n\t"                                                                                       \
    "vdup.32  q1, r2\n\t" SHIFT_OFFSET_CLAMP

/* The weights' layouts, as the pieces ROWS_ASM takes: LAYOUT_ROW_START (after P0 is set; ends with r1 = [sp, #8]),
 * LAYOUT_GROUP_ROWS (a group's rows from r3), LAYOUT_MAC (one block of x in q0 into the sums), LAYOUT_SUMS (the
 * four sums from what the blocks left), LAYOUT_NEXT_GROUP (r3 to the next group), LAYOUT_LAST_GROUP_ROWS and
 * LAYOUT_LAST_MAC (the last group's rows, r0 the arguments; its last block, weights under P0).
 *
 * S8: int8 rows, four of them depth apart (r3 r8 r10 r9). */
#define S8_ROW_START ""
#define S8_GROUP_ROWS                                                                                                  \
    "add      r8, r3, r11\n\t"                                                                                         \
    "add      r10, r8, r11\n\t"                                                                                        \
    "add      r9, r10, r11\n\t"
#define S8_MAC MAC_4_ROWS
#define S8_SUMS ""
#define S8_NEXT_GROUP "add      r3, r9, r12\n\t"
#define S8_LAST_GROUP_ROWS                                                                                             \
    "ldr      r8, [r0, #48]\n\t"                                                                                       \
    "ldr      r10, [r0, #52]\n\t"                                                                                      \
    "ldr      r9, [r0, #56]\n\t"                                                                                       \
    "add      r8, r3, r8\n\t"                                                                                          \
    "add      r10, r3, r10\n\t"                                                                                        \
    "add      r9, r3, r9\n\t"
#define S8_LAST_MAC                                                                                                    \
    "vpstttt\n\t"                                                                                                      \
    "vldrbt.8 q1, [r3]\n\t"                                                                                            \
    "vldrbt.8 q2, [r8]\n\t"                                                                                            \
    "vldrbt.8 q3, [r10]\n\t"                                                                                           \
    "vldrbt.8 q4, [r9]\n\t"                                                                                            \
    "vmladava.s8 r0, q0, q1\n\t"                                                                                       \
    "vmladava.s8 r2, q0, q2\n\t"                                                                                       \
    "vmladava.s8 r4, q0, q3\n\t"                                                                                       \
    "vmladava.s8 r6, q0, q4\n\t"

/* S4: int4 weights in row pairs (fully_connected_s4_mve.c): a group's rows 0-1 at r3, rows 2-3 at r8 = r3 + depth,
 * depth bytes a pair, each byte a + 8 + 16 b as int8 (a, b the pair's values), so that its arithmetic shift by 4
 * is b. Per block the bytes (q1, q2) meet x in the first and third sums (S_a + 8 X + 16 S_b, X the sum of x) and
 * their shifts (q3, q4) in the second and fourth (S_b); r10 holds 8 X (the row start sums x), and the generator
 * added 16 times each second row's bias to the first's, so that the first sum less 16 times the second (which
 * holds its bias) and 8 X is the first row's. Every sum wraps modulo 2^32 as TFLite's does, which keeps it exact. */
#define S4_ROW_START                                                                                                   \
    "ldr      r1, [sp, #16]\n\t"                                                                                       \
    "mov      r10, #0\n\t"                                                                                             \
    "ldr      lr, [sp, #4]\n\t"                                                                                        \
    "wls      lr, lr, 8f\n\t"                                                                                          \
    "7:\n\t"                                                                                                           \
    "vldrb.8  q0, [r1], #16\n\t"                                                                                       \
    "vaddva.s8 r10, q0\n\t"                                                                                            \
    "le       lr, 7b\n\t"                                                                                              \
    "8:\n\t"                                                                                                           \
    "vpst\n\t"                                                                                                         \
    "vldrbt.8 q0, [r1]\n\t"                                                                                            \
    "vaddva.s8 r10, q0\n\t"                                                                                            \
    "lsl      r10, r10, #3\n\t"                                                                                        \
    "ldr      r1, [sp, #8]\n\t"
#define S4_GROUP_ROWS "add      r8, r3, r11\n\t"
#define S4_PAIRS                                                                                                       \
    "vshr.s8  q3, q1, #4\n\t"                                                                                          \
    "vshr.s8  q4, q2, #4\n\t"                                                                                          \
    "vmladava.s8 r0, q0, q1\n\t"                                                                                       \
    "vmladava.s8 r2, q0, q3\n\t"                                                                                       \
    "vmladava.s8 r4, q0, q2\n\t"                                                                                       \
    "vmladava.s8 r6, q0, q4\n\t"
#define S4_MAC                                                                                                         \
    "vldrb.8  q1, [r3], #16\n\t"                                                                                       \
    "vldrb.8  q2, [r8], #16\n\t" S4_PAIRS
#define S4_SUMS                                                                                                        \
    "sub      r0, r0, r2, lsl #4\n\t"                                                                                  \
    "sub      r0, r0, r10\n\t"                                                                                         \
    "sub      r4, r4, r6, lsl #4\n\t"                                                                                  \
    "sub      r4, r4, r10\n\t"
#define S4_NEXT_GROUP "add      r3, r8, r12\n\t"
#define S4_LAST_GROUP_ROWS                                                                                             \
    "ldr      r8, [r0, #48]\n\t"                                                                                       \
    "add      r8, r3, r8\n\t"
#define S4_LAST_MAC                                                                                                    \
    "vpstt\n\t"                                                                                                        \
    "vldrbt.8 q1, [r3]\n\t"                                                                                            \
    "vldrbt.8 q2, [r8]\n\t" S4_PAIRS

/* Registers in the group loop: r1 x (running), r3 r8 r10 r9 the four weight rows, r11 depth, r12 the step from
 * the fourth row's end to the next group's first row (depth - 16 * blocks), r0 r2 r4 r6 the sums (VMLADAVA takes
 * even registers), r5 the table, r7 out (a narrowing store takes a low register), lr the block count, P0 the last
 * block's lanes; Q5 Q6 Q7 the activation minimum, maximum and output zero point. Stack (after the saves):
 *     [sp, #0] args   [sp, #4] blocks - 1   [sp, #8] end of the row's full groups   [sp, #12] rows left
 *     [sp, #16] x of the row */
/* The function body of every variant, with the requantization REQUANT and the weights' LAYOUT (S8, S4). */
#define ROWS_ASM(REQUANT, LAYOUT)                                                                                      \
    "push     {r4-r11, lr}\n\t"                                                                                        \
    "vpush    {d8-d15}\n\t"                                                                                            \
    "sub      sp, sp, #24\n\t"                                                                                         \
    "str      r0, [sp, #0]\n\t"                                                                                        \
    "ldr      r11, [r0, #16]\n\t" /* depth */                                                                          \
    "sub      r1, r11, #1\n\t"                                                                                         \
    "lsr      r1, r1, #4\n\t"                                                                                          \
    "str      r1, [sp, #4]\n\t" /* blocks - 1 */                                                                       \
    "add      r12, r11, #15\n\t"                                                                                       \
    "bic      r12, r12, #15\n\t"                                                                                       \
    "sub      r12, r11, r12\n\t" /* depth - 16 * blocks */                                                             \
    "ldr      r1, [r0, #36]\n\t"                                                                                       \
    "str      r1, [sp, #12]\n\t" /* rows */                                                                            \
    "ldr      r1, [r0, #0]\n\t"                                                                                        \
    "str      r1, [sp, #16]\n\t"             /* x */                                                                   \
    "ldr      r7, [r0, #8]\n\t"              /* out */                                                                 \
        MG_MVE_ASM_OUTPUT_CONSTANTS "0:\n\t" /* a row */                                                               \
    "ldr      r0, [sp, #0]\n\t"                                                                                        \
    "ldr      r3, [r0, #4]\n\t"  /* w */                                                                               \
    "ldr      r5, [r0, #12]\n\t" /* table */                                                                           \
    "ldr      r1, [r0, #20]\n\t"                                                                                       \
    "add      r1, r7, r1, lsl #2\n\t"                                                                                  \
    "str      r1, [sp, #8]\n\t" /* out + 4 * groups */                                                                 \
    "ldr      r2, [sp, #4]\n\t" /* P0: the last block's lanes, depth - 16 * (blocks - 1) */                            \
    "sub      r2, r11, r2, lsl #4\n\t"                                                                                 \
    "vctp.8   r2\n\t" LAYOUT##_ROW_START "cmp      r7, r1\n\t"                                                         \
                                         "beq      4f\n\t"                                                             \
                                         "1:\n\t" /* a group of four channels */                                       \
                                         "ldr      r1, [sp, #16]\n\t" LAYOUT##_GROUP_ROWS                              \
        "ldm      r5!, {r0, r2, r4, r6}\n\t" /* the biases */                                                          \
        "ldr      lr, [sp, #4]\n\t"                                                                                    \
        "wls      lr, lr, 3f\n\t"                                                                                      \
        "2:\n\t"                                                                                                       \
        "vldrb.8  q0, [r1], #16\n\t" LAYOUT##_MAC "le       lr, 2b\n\t"                                                \
                                                  "3:\n\t" /* the last block, x under P0 */                            \
                                                  "vpst\n\t"                                                           \
                                                  "vldrbt.8 q0, [r1]\n\t" LAYOUT##_MAC LAYOUT##_SUMS REQUANT           \
        "vstrb.32 q0, [r7], #4\n\t" LAYOUT##_NEXT_GROUP "ldr      r0, [sp, #8]\n\t"                                    \
                                                        "cmp      r7, r0\n\t"                                          \
                                                        "bne      1b\n\t"                                              \
                                                        "4:\n\t" /* the last group: r3 is its first row */             \
                                                        "ldr      r0, [sp, #0]\n\t" LAYOUT##_LAST_GROUP_ROWS           \
        "ldr      r1, [sp, #16]\n\t"                                                                                   \
        "ldm      r5!, {r0, r2, r4, r6}\n\t"                                                                           \
        "ldr      lr, [sp, #4]\n\t"                                                                                    \
        "wls      lr, lr, 6f\n\t"                                                                                      \
        "5:\n\t"                                                                                                       \
        "vldrb.8  q0, [r1], #16\n\t" LAYOUT##_MAC "le       lr, 5b\n\t"                                                \
                                                  "6:\n\t"                                                             \
                                                  "vpst\n\t"                                                           \
                                                  "vldrbt.8 q0, [r1]\n\t" LAYOUT##_LAST_MAC LAYOUT##_SUMS REQUANT      \
        "ldr      r0, [sp, #0]\n\t"                                                                                    \
        "ldr      r1, [r0, #44]\n\t" /* last_count */                                                                  \
        "vctp.32  r1\n\t"                                                                                              \
        "vpst\n\t"                                                                                                     \
        "vstrbt.32 q0, [r7]\n\t"                                                                                       \
        "add      r7, r7, r1\n\t"                                                                                      \
        "ldr      r1, [sp, #16]\n\t" /* the next row */                                                                \
        "ldr      r2, [r0, #40]\n\t"                                                                                   \
        "add      r1, r1, r2\n\t"                                                                                      \
        "str      r1, [sp, #16]\n\t"                                                                                   \
        "ldr      r1, [sp, #12]\n\t"                                                                                   \
        "subs     r1, r1, #1\n\t"                                                                                      \
        "str      r1, [sp, #12]\n\t"                                                                                   \
        "bne      0b\n\t"                                                                                              \
        "add      sp, sp, #24\n\t"                                                                                     \
        "vpop     {d8-d15}\n\t"                                                                                        \
        "pop      {r4-r11, pc}\n\t"

__attribute__((naked)) void mg_matmul_rows_s8_mve(__attribute__((unused)) const mve_rows_args *args)
{
    __asm__ volatile(ROWS_ASM(REQUANT_4_SUMS, S8));
}

__attribute__((naked)) void mg_matmul_rows_uniform_s8_mve(__attribute__((unused)) const mve_rows_args *args)
{
    __asm__ volatile(ROWS_ASM(REQUANT_4_SUMS_UNIFORM, S8));
}

/* int4 weights in row pairs, per-tensor (TFLite has no per-channel int4 FULLY_CONNECTED) with no left shift. */
__attribute__((naked)) void mg_matmul_rows_uniform_s4_mve(__attribute__((unused)) const mve_rows_args *args)
{
    __asm__ volatile(ROWS_ASM(REQUANT_4_SUMS_UNIFORM, S4));
}

#endif
