/* The mve backend's 3x3 depthwise row loop (depthwise_conv_2d.h) in assembly: sixteen lanes per block, each
 * lane one (pixel, channel) of the output row, every tap one load of 16 input bytes and 16 weights, VMULLB/VMULLT
 * into int16 products (exact: int8 times int8) and VMOVLB/VMOVLT into four int32 sums, lanes (0 4 8 12), (2 6 10
 * 14), (1 5 9 13), (3 7 11 15). The sums are requantized as mg_mve.h does, narrowed with saturation to int16,
 * offset by the output zero point (saturating), narrowed with saturation to int8 (the lanes come back in order)
 * and clamped to the activation range: the same result as TFLite's clamp(requant + zero point), since every
 * saturation happens only beyond the int8 range. 9 * 12 + 47 instructions a block of 16 outputs.
 *
 * The nine tap pointers walk the three (padded) input rows; the weights of a block pattern are 9 x 16 bytes (the
 * pointer w is at the second tap's), its table 12 vectors: the biases of the four lane sets, then the multiplier and
 * minus the right shift of each. */
#include "depthwise_conv_2d.h"

#if defined(__ARM_FEATURE_MVE)

_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, x) == 0, "x");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, w) == 36, "w");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, table) == 40, "table");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, out) == 44, "out");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, count) == 48, "count");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, blocks) == 52, "blocks");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, x_step) == 56, "x_step");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, output_offset) == 60, "output_offset");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, act_min) == 64, "act_min");
_Static_assert(__builtin_offsetof(mg_depthwise_conv_2d_3x3_row_args, act_max) == 68, "act_max");

/* One tap: x pointer register, weight offset from w (r9). */
__asm__(".macro MG_DW_TAP xr, woff\n\t"
        "vldrb.8    q4, [\\xr], #16\n\t"
        "vldrb.8    q5, [r9, #\\woff]\n\t"
        "vmullb.s8  q6, q4, q5\n\t"
        "vmovlb.s16 q7, q6\n\t"
        "vadd.i32   q0, q0, q7\n\t"
        "vmovlt.s16 q7, q6\n\t"
        "vadd.i32   q1, q1, q7\n\t"
        "vmullt.s8  q6, q4, q5\n\t"
        "vmovlb.s16 q7, q6\n\t"
        "vadd.i32   q2, q2, q7\n\t"
        "vmovlt.s16 q7, q6\n\t"
        "vadd.i32   q3, q3, q7\n\t"
        ".endm\n\t"
        /* Requantize one lane set: sums in q, multiplier and shift at r10 + moff, r10 + moff + 16. */
        ".macro MG_DW_REQUANT q, moff\n\t"
        "vldrw.32   q4, [r10, #\\moff]\n\t"
        "vqrdmulh.s32 \\q, \\q, q4\n\t"
        "vldrw.32   q4, [r10, #\\moff + 16]\n\t"
        "vand       q5, \\q, q4\n\t"
        "vshr.s32   q5, q5, #31\n\t"
        "vqadd.s32  \\q, \\q, q5\n\t"
        "vrshl.s32  \\q, \\q, q4\n\t"
        ".endm\n\t"
        /* A block of 16 outputs (stack: zero point int16x8 at sp, activation minimum and maximum int8x16). */
        ".macro MG_DW_BLOCK\n\t"
        "vldrw.32   q0, [r10, #0]\n\t"
        "vldrw.32   q1, [r10, #16]\n\t"
        "vldrw.32   q2, [r10, #32]\n\t"
        "vldrw.32   q3, [r10, #48]\n\t"
        "MG_DW_TAP  r0, -16\n\t"
        "MG_DW_TAP  r1, 0\n\t"
        "MG_DW_TAP  r2, 16\n\t"
        "MG_DW_TAP  r3, 32\n\t"
        "MG_DW_TAP  r4, 48\n\t"
        "MG_DW_TAP  r5, 64\n\t"
        "MG_DW_TAP  r6, 80\n\t"
        "MG_DW_TAP  r7, 96\n\t"
        "MG_DW_TAP  r8, 112\n\t"
        "MG_DW_REQUANT q0, 64\n\t"
        "MG_DW_REQUANT q1, 96\n\t"
        "MG_DW_REQUANT q2, 128\n\t"
        "MG_DW_REQUANT q3, 160\n\t"
        "vqmovnb.s32 q4, q0\n\t"
        "vqmovnt.s32 q4, q1\n\t"
        "vqmovnb.s32 q5, q2\n\t"
        "vqmovnt.s32 q5, q3\n\t"
        "vldrw.32   q6, [sp, #0]\n\t"
        "vqadd.s16  q4, q4, q6\n\t"
        "vqadd.s16  q5, q5, q6\n\t"
        "vqmovnb.s16 q6, q4\n\t"
        "vqmovnt.s16 q6, q5\n\t"
        "vldrw.32   q7, [sp, #16]\n\t"
        "vmax.s8    q6, q6, q7\n\t"
        "vldrw.32   q7, [sp, #32]\n\t"
        "vmin.s8    q6, q6, q7\n\t"
        "vstrb.8    q6, [r11], #16\n\t"
        ".endm");

/* Stack after the saves: [sp, #0] zero point (int16x8), [sp, #16] act_min (int8x16), [sp, #32] act_max,
 * [sp, #48] args, [sp, #52] pixels left. */
__attribute__((naked)) void mg_depthwise_conv_2d_3x3_row_s8_mve(__attribute__((unused))
                                                                const mg_depthwise_conv_2d_3x3_row_args *args)
{
    __asm__ volatile("push       {r4-r11, lr}\n\t"
                     "vpush      {d8-d15}\n\t"
                     "sub        sp, sp, #64\n\t"
                     "str        r0, [sp, #48]\n\t"
                     "ldr        r1, [r0, #60]\n\t"
                     "vdup.16    q0, r1\n\t"
                     "vstrw.32   q0, [sp, #0]\n\t"
                     "ldr        r1, [r0, #64]\n\t"
                     "vdup.8     q0, r1\n\t"
                     "vstrw.32   q0, [sp, #16]\n\t"
                     "ldr        r1, [r0, #68]\n\t"
                     "vdup.8     q0, r1\n\t"
                     "vstrw.32   q0, [sp, #32]\n\t"
                     "ldr        r1, [r0, #48]\n\t"
                     "str        r1, [sp, #52]\n\t"
                     "ldr        r9, [r0, #36]\n\t"
                     "ldr        r10, [r0, #40]\n\t"
                     "ldr        r11, [r0, #44]\n\t"
                     "ldr        r12, [r0, #52]\n\t" /* blocks per pixel: 0 for a row of packed blocks */
                     "ldm        r0, {r0-r8}\n\t"
                     "cmp        r12, #0\n\t"
                     "bne        3f\n\t"
                     "ldr        lr, [sp, #52]\n\t" /* packed: one block pattern, count blocks */
                     "dls        lr, lr\n"
                     "1:\n\t"
                     "MG_DW_BLOCK\n\t"
                     "le         lr, 1b\n\t"
                     "b          9f\n"
                     "3:\n\t" /* pixels of `blocks` blocks, each block its own pattern */
                     "dls        lr, r12\n"
                     "4:\n\t"
                     "MG_DW_BLOCK\n\t"
                     "add        r9, r9, #144\n\t"
                     "add        r10, r10, #192\n\t"
                     "le         lr, 4b\n\t"
                     "ldr        lr, [sp, #48]\n\t" /* the next pixel: rewind the patterns, step the taps */
                     "ldr        r9, [lr, #36]\n\t"
                     "ldr        r10, [lr, #40]\n\t"
                     "ldr        lr, [lr, #56]\n\t"
                     "add        r0, r0, lr\n\t"
                     "add        r1, r1, lr\n\t"
                     "add        r2, r2, lr\n\t"
                     "add        r3, r3, lr\n\t"
                     "add        r4, r4, lr\n\t"
                     "add        r5, r5, lr\n\t"
                     "add        r6, r6, lr\n\t"
                     "add        r7, r7, lr\n\t"
                     "add        r8, r8, lr\n\t"
                     "ldr        lr, [sp, #52]\n\t"
                     "subs       lr, lr, #1\n\t"
                     "str        lr, [sp, #52]\n\t"
                     "bne        3b\n"
                     "9:\n\t"
                     "add        sp, sp, #64\n\t"
                     "vpop       {d8-d15}\n\t"
                     "pop        {r4-r11, pc}\n\t");
}

#endif
