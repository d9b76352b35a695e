/* The mve backend's two-row matrix loop (mg_mve_matmul.h) in assembly: two rows against four output channels at a
 * time, eight int32 sums (every even register, LR included, as VMLADAVA requires), so each weight load feeds two
 * VMLADAVA: per block of 16 taps two loads of x, four of the weights and eight VMLADAVA. The two rows come
 * interleaved in blocks of 16 bytes (mve_interleave2_s8), so one pointer walks both. Per pair of rows and group of
 * four channels it costs about 45 + 15 * blocks instructions (the one-row loop, matmul_rows_s8_mve.c: 2 * (24 + 10 * blocks)),
 * so it pays from three blocks on (MG_MVE_PAIR_BLOCKS), once the interleaving and its calls are counted. The last
 * block's x lanes past the depth are masked (P0); the last group of a pair (1-4 channels) repeats its first weight
 * row in place of missing ones, reads its last block's weights under P0 too and stores under a predicate. */
#include "mg_mve_matmul.h"

#if defined(__ARM_FEATURE_MVE)

_Static_assert(__builtin_offsetof(mve_pairs_args, x) == 0, "x");
_Static_assert(__builtin_offsetof(mve_pairs_args, w) == 4, "w");
_Static_assert(__builtin_offsetof(mve_pairs_args, out) == 8, "out");
_Static_assert(__builtin_offsetof(mve_pairs_args, table) == 12, "table");
_Static_assert(__builtin_offsetof(mve_pairs_args, depth) == 16, "depth");
_Static_assert(__builtin_offsetof(mve_pairs_args, groups) == 20, "groups");
_Static_assert(__builtin_offsetof(mve_pairs_args, output_offset) == 24, "output_offset");
_Static_assert(__builtin_offsetof(mve_pairs_args, act_min) == 28, "act_min");
_Static_assert(__builtin_offsetof(mve_pairs_args, act_max) == 32, "act_max");
_Static_assert(__builtin_offsetof(mve_pairs_args, pairs) == 36, "pairs");
_Static_assert(__builtin_offsetof(mve_pairs_args, channels) == 40, "channels");
_Static_assert(__builtin_offsetof(mve_pairs_args, last_count) == 44, "last_count");
_Static_assert(__builtin_offsetof(mve_pairs_args, last_rows) == 48, "last_rows");
_Static_assert(__builtin_offsetof(mve_pairs_args, row_terms) == 60, "row_terms");

/* The eight sums: r0 r2 r4 r6 the first row's channels 0-3, r8 r10 r12 lr the second row's; x in r1 (q0 the first
 * row's block, q1 the second's), weight rows in r3 r5 r7 r9 (their block in q2), r11 the block count. */
__asm__(".macro MG_MM2_BLOCK op\n\t" /* op: vmladav (first block) or vmladava */
        "vldrb.8    q0, [r1], #32\n\t"
        "vldrb.8    q1, [r1, #-16]\n\t"
        "vldrb.8    q2, [r3], #16\n\t"
        "\\op\\().s8 r0, q0, q2\n\t"
        "\\op\\().s8 r8, q1, q2\n\t"
        "vldrb.8    q2, [r5], #16\n\t"
        "\\op\\().s8 r2, q0, q2\n\t"
        "\\op\\().s8 r10, q1, q2\n\t"
        "vldrb.8    q2, [r7], #16\n\t"
        "\\op\\().s8 r4, q0, q2\n\t"
        "\\op\\().s8 r12, q1, q2\n\t"
        "vldrb.8    q2, [r9], #16\n\t"
        "\\op\\().s8 r6, q0, q2\n\t"
        "\\op\\().s8 lr, q1, q2\n\t"
        ".endm\n\t"
        /* The r11 blocks between the first and the last, two a turn (the loop's SUBS and BNE then cost one
         * instruction a block, not two): an odd one first, as LSRS's carry says; its Z flag, which the block
         * leaves alone, says whether any pair follows. */
        ".macro MG_MM2_MIDDLE loop, pairs, done\n\t"
        "lsrs       r11, r11, #1\n\t"
        "bcc        \\pairs\\()f\n\t"
        "MG_MM2_BLOCK vmladava\n"
        "\\pairs\\():\n\t"
        "beq        \\done\\()f\n"
        "\\loop\\():\n\t"
        "MG_MM2_BLOCK vmladava\n\t"
        "MG_MM2_BLOCK vmladava\n\t"
        "subs       r11, r11, #1\n\t"
        "bne        \\loop\\()b\n\t"
        ".endm\n\t"
        /* The last block: x lanes under P0; with wpred, the weights too (the filter's last row ends there). */
        ".macro MG_MM2_WEIGHT wr, wpred\n\t"
        ".if \\wpred\n\t"
        "vpst\n\t"
        "vldrbt.8   q2, [\\wr], #16\n\t"
        ".else\n\t"
        "vldrb.8    q2, [\\wr], #16\n\t"
        ".endif\n\t"
        ".endm\n\t"
        ".macro MG_MM2_LAST op, wpred\n\t"
        "vpstt\n\t"
        "vldrbt.8   q0, [r1]\n\t"
        "vldrbt.8   q1, [r1, #16]\n\t"
        "MG_MM2_WEIGHT r3, \\wpred\n\t"
        "\\op\\().s8 r0, q0, q2\n\t"
        "\\op\\().s8 r8, q1, q2\n\t"
        "MG_MM2_WEIGHT r5, \\wpred\n\t"
        "\\op\\().s8 r2, q0, q2\n\t"
        "\\op\\().s8 r10, q1, q2\n\t"
        "MG_MM2_WEIGHT r7, \\wpred\n\t"
        "\\op\\().s8 r4, q0, q2\n\t"
        "\\op\\().s8 r12, q1, q2\n\t"
        "MG_MM2_WEIGHT r9, \\wpred\n\t"
        "\\op\\().s8 r6, q0, q2\n\t"
        "\\op\\().s8 lr, q1, q2\n\t"
        ".endm\n\t"
        /* The sums into q0 (first row) and q1 (second row), requantized with the group's table (mg_mve.h); the
         * output pointers into r0 and r2. */
        ".macro MG_MM2_REQUANT terms\n\t"
        "vmov       q0[2], q0[0], r0, r4\n\t"
        "vmov       q0[3], q0[1], r2, r6\n\t"
        "vmov       q1[2], q1[0], r8, r12\n\t"
        "vmov       q1[3], q1[1], r10, lr\n\t"
        ".if \\terms\n\t" /* each row's own term (mg_matmul_pairs_terms_s8_mve) */
        "ldrd       r4, r6, [sp, #40]\n\t"
        "vadd.i32   q0, q0, r4\n\t"
        "vadd.i32   q1, q1, r6\n\t"
        ".endif\n\t"
        "ldr        r0, [sp, #20]\n\t"
        "vldrw.32   q2, [r0], #16\n\t"
        "vadd.i32   q0, q0, q2\n\t"
        "vadd.i32   q1, q1, q2\n\t"
        "vldrw.32   q2, [r0], #16\n\t"
        "vqrdmulh.s32 q0, q0, q2\n\t"
        "vqrdmulh.s32 q1, q1, q2\n\t"
        "vldrb.s32  q2, [r0], #4\n\t"
        "str        r0, [sp, #20]\n\t"
        "vand       q3, q0, q2\n\t"
        "vshr.s32   q3, q3, #31\n\t"
        "vqadd.s32  q0, q0, q3\n\t"
        "vrshl.s32  q0, q0, q2\n\t"
        "vand       q3, q1, q2\n\t"
        "vshr.s32   q3, q3, #31\n\t"
        "vqadd.s32  q1, q1, q3\n\t"
        "vrshl.s32  q1, q1, q2\n\t"
        "vadd.i32   q0, q0, q7\n\t"
        "vadd.i32   q1, q1, q7\n\t"
        "vmax.s32   q0, q0, q5\n\t"
        "vmax.s32   q1, q1, q5\n\t"
        "vmin.s32   q0, q0, q6\n\t"
        "vmin.s32   q1, q1, q6\n\t"
        "ldr        r0, [sp, #24]\n\t"
        "ldr        r2, [sp, #28]\n\t"
        ".endm");

/* Stack after the saves: [sp, #0] args, #4 x of the pair, #8 depth, #12 blocks - 2, #16 the step from the fourth
 * weight row's end to the next group's first row, #20 table (running), #24 out of the first row (running), #28 out
 * of the second row (running), #32 groups left, #36 pairs left, #40 #44 the pair's row terms, #48 row_terms (running). Q5 Q6 Q7: act_min, act_max, output zero point. */
/* The function body, TERMS 1 adding each row's own term. */
#define PAIRS_ASM(TERMS)                                                                                               \
    "push       {r4-r11, lr}\n\t"                                                                                      \
    "vpush      {d8-d15}\n\t"                                                                                          \
    "sub        sp, sp, #56\n\t"                                                                                       \
    "str        r0, [sp, #0]\n\t"                                                                                      \
    "ldr        r1, [r0, #0]\n\t"                                                                                      \
    "str        r1, [sp, #4]\n\t"                                                                                      \
    "ldr        r1, [r0, #16]\n\t"                                                                                     \
    "str        r1, [sp, #8]\n\t"                                                                                      \
    "sub        r2, r1, #1\n\t"                                                                                        \
    "lsr        r2, r2, #4\n\t"                                                                                        \
    "sub        r2, r2, #1\n\t"                                                                                        \
    "str        r2, [sp, #12]\n\t" /* blocks - 2 (-1: a single block) */                                               \
    "add        r3, r1, #15\n\t"                                                                                       \
    "bic        r3, r3, #15\n\t"                                                                                       \
    "sub        r3, r1, r3\n\t"                                                                                        \
    "str        r3, [sp, #16]\n\t" /* depth - 16 * blocks */                                                           \
    "ldr        r1, [r0, #8]\n\t"                                                                                      \
    "str        r1, [sp, #24]\n\t"                                                                                     \
    "ldr        r1, [r0, #36]\n\t"                                                                                     \
    "str        r1, [sp, #36]\n\t" MG_MVE_ASM_OUTPUT_CONSTANTS ".if " #TERMS "\n\t"                                    \
    "ldr        r1, [r0, #60]\n\t"                                                                                     \
    "str        r1, [sp, #48]\n\t" /* row_terms */                                                                     \
    ".endif\n"                                                                                                         \
    "0:\n\t" /* a pair of rows */                                                                                      \
    ".if " #TERMS "\n\t"                                                                                               \
    "ldr        r1, [sp, #48]\n\t"                                                                                     \
    "ldm        r1!, {r2, r4}\n\t"                                                                                     \
    "strd       r2, r4, [sp, #40]\n\t"                                                                                 \
    "str        r1, [sp, #48]\n\t"                                                                                     \
    ".endif\n\t"                                                                                                       \
    "ldr        r0, [sp, #0]\n\t"                                                                                      \
    "ldr        r3, [r0, #4]\n\t" /* w */                                                                              \
    "ldr        r1, [r0, #12]\n\t"                                                                                     \
    "str        r1, [sp, #20]\n\t" /* table */                                                                         \
    "ldr        r1, [r0, #40]\n\t"                                                                                     \
    "ldr        r2, [sp, #24]\n\t"                                                                                     \
    "add        r2, r2, r1\n\t"                                                                                        \
    "str        r2, [sp, #28]\n\t" /* out of the second row */                                                         \
    "ldr        r1, [r0, #20]\n\t"                                                                                     \
    "str        r1, [sp, #32]\n\t" /* groups */                                                                        \
    "ldr        r2, [sp, #12]\n\t" /* P0: the last block's lanes */                                                    \
    "ldr        r1, [sp, #8]\n\t"                                                                                      \
    "sub        r1, r1, r2, lsl #4\n\t"                                                                                \
    "sub        r1, r1, #16\n\t"                                                                                       \
    "vctp.8     r1\n\t"                                                                                                \
    "ldr        r1, [sp, #32]\n\t"                                                                                     \
    "cmp        r1, #0\n\t"                                                                                            \
    "beq        5f\n"                                                                                                  \
    "1:\n\t" /* a group of four channels */                                                                            \
    "ldr        r1, [sp, #4]\n\t"                                                                                      \
    "ldr        r9, [sp, #8]\n\t"                                                                                      \
    "add        r5, r3, r9\n\t"                                                                                        \
    "add        r7, r5, r9\n\t"                                                                                        \
    "add        r9, r7, r9\n\t"                                                                                        \
    "ldr        r11, [sp, #12]\n\t"                                                                                    \
    "cmp        r11, #0\n\t"                                                                                           \
    "blt        3f\n\t"                                                                                                \
    "MG_MM2_BLOCK vmladav\n\t"                                                                                         \
    "MG_MM2_MIDDLE 11, 13, 2\n"                                                                                        \
    "2:\n\t"                                                                                                           \
    "MG_MM2_LAST vmladava, 0\n\t"                                                                                      \
    "b          4f\n"                                                                                                  \
    "3:\n\t" /* a single block */                                                                                      \
    "MG_MM2_LAST vmladav, 0\n"                                                                                         \
    "4:\n\t"                                                                                                           \
    "MG_MM2_REQUANT " #TERMS "\n\t" /* requantize and store both rows' four channels */                                \
    "vstrb.32   q0, [r0], #4\n\t"                                                                                      \
    "vstrb.32   q1, [r2], #4\n\t"                                                                                      \
    "str        r0, [sp, #24]\n\t"                                                                                     \
    "str        r2, [sp, #28]\n\t"                                                                                     \
    "ldr        r0, [sp, #16]\n\t"                                                                                     \
    "add        r3, r9, r0\n\t"                                                                                        \
    "ldr        r0, [sp, #32]\n\t"                                                                                     \
    "subs       r0, r0, #1\n\t"                                                                                        \
    "str        r0, [sp, #32]\n\t"                                                                                     \
    "bne        1b\n"                                                                                                  \
    "5:\n\t" /* the last group: r3 is its first weight row */                                                          \
    "ldr        r0, [sp, #0]\n\t"                                                                                      \
    "ldr        r5, [r0, #48]\n\t"                                                                                     \
    "ldr        r7, [r0, #52]\n\t"                                                                                     \
    "ldr        r9, [r0, #56]\n\t"                                                                                     \
    "add        r5, r3, r5\n\t"                                                                                        \
    "add        r7, r3, r7\n\t"                                                                                        \
    "add        r9, r3, r9\n\t"                                                                                        \
    "ldr        r1, [sp, #4]\n\t"                                                                                      \
    "ldr        r11, [sp, #12]\n\t"                                                                                    \
    "cmp        r11, #0\n\t"                                                                                           \
    "blt        7f\n\t"                                                                                                \
    "MG_MM2_BLOCK vmladav\n\t"                                                                                         \
    "MG_MM2_MIDDLE 12, 14, 6\n"                                                                                        \
    "6:\n\t"                                                                                                           \
    "MG_MM2_LAST vmladava, 1\n\t"                                                                                      \
    "b          8f\n"                                                                                                  \
    "7:\n\t"                                                                                                           \
    "MG_MM2_LAST vmladav, 1\n"                                                                                         \
    "8:\n\t"                                                                                                           \
    "MG_MM2_REQUANT " #TERMS "\n\t"                                                                                    \
    "ldr        r1, [sp, #0]\n\t"                                                                                      \
    "ldr        r1, [r1, #44]\n\t" /* last_count */                                                                    \
    "vctp.32    r1\n\t"                                                                                                \
    "vpstt\n\t"                                                                                                        \
    "vstrbt.32  q0, [r0]\n\t"                                                                                          \
    "vstrbt.32  q1, [r2]\n\t"                                                                                          \
    "add        r2, r2, r1\n\t" /* the next pair: outputs follow the second row's */                                   \
    "str        r2, [sp, #24]\n\t"                                                                                     \
    "ldr        r1, [sp, #4]\n\t"                                                                                      \
    "ldr        r2, [sp, #12]\n\t"                                                                                     \
    "add        r1, r1, r2, lsl #5\n\t"                                                                                \
    "add        r1, r1, #64\n\t" /* x + 32 * blocks */                                                                 \
    "str        r1, [sp, #4]\n\t"                                                                                      \
    "ldr        r1, [sp, #36]\n\t"                                                                                     \
    "subs       r1, r1, #1\n\t"                                                                                        \
    "str        r1, [sp, #36]\n\t"                                                                                     \
    "bne        0b\n\t"                                                                                                \
    "add        sp, sp, #56\n\t"                                                                                       \
    "vpop       {d8-d15}\n\t"                                                                                          \
    "pop        {r4-r11, pc}\n\t"

__attribute__((naked)) void mg_matmul_pairs_s8_mve(__attribute__((unused)) const mve_pairs_args *args)
{
    __asm__ volatile(PAIRS_ASM(0));
}

__attribute__((naked)) void mg_matmul_pairs_terms_s8_mve(__attribute__((unused)) const mve_pairs_args *args)
{
    __asm__ volatile(PAIRS_ASM(1));
}

#endif
