/* mg_portable_requant_pixels_v7m (mg_portable_dot.h): four pixels' outputs channel by channel, ARMv7-M. A channel's
 * table entry is loaded once for its four outputs (one LDM): the folded constant r3, the thresholds r4 and r5, the
 * multiplier r6, the right shift less one r7, the rounding addend's high word r8; r0 the channel's sums (pixel k's
 * at r0 + 128 k), r1 pixel 0's output (pixel k's at r1 + k * r2), lr the output offset. The job's fields are copied
 * to the stack first (one load each then). */
#include "mg_portable_dot.h"

#if defined(__ARM_ARCH_7M__)

_Static_assert(sizeof(mg_portable_requant_job) == 12 * 4, "the job's stack copy below");
_Static_assert(sizeof(mg_portable_channel) == 6 * 4, "one LDM of six registers a channel");
_Static_assert(MG_PORTABLE_SUMS_STRIDE == 32, "pixel k's sums at 128 k bytes");

/* The stack copy's offsets (bytes from sp): */
#define MG_RQ_END "28"      /* the end of pixel 0's outputs (in place of the count) */
#define MG_RQ_CHANNELS "32" /* the next channel's table entry */
#define MG_RQ_MIN "40"
#define MG_RQ_MAX "44"

/* Pixel k: its accumulator r9 (sum less the staged sum times 128 plus the folded constant) against the thresholds,
 * then the product with the rounding addend (mg_portable_dot.h, mg_portable_requant_v7m) whose part for a negative
 * accumulator, less 2^31, is its sign r10 added as a 64-bit value (bit 31 of the low word and all of the high word),
 * the high word shifted and offset: 14 instructions an output inside the range, 9 outside; `store` writes r12 to
 * pixel k's output, to which MG_RQ_CLAMP (out of the loop) brings act_min below the first threshold and act_max
 * above the last. */
#define MG_RQ_PIXEL(k, store)                                                                                          \
    "ldr r9, [r0, #(128 * " #k ")]\n"                                                                                  \
    "ldr r10, [sp, #(4 * " #k ")]\n"                                                                                   \
    "sub r9, r9, r10\n"                                                                                                \
    "add r9, r9, r3\n"                                                                                                 \
    "cmp r9, r4\n blt 2" #k "f\n"                                                                                      \
    "cmp r9, r5\n bgt 3" #k "f\n"                                                                                      \
    "asr r10, r9, #31\n"                                                                                               \
    "lsl r11, r10, #31\n"                                                                                              \
    "orr r11, r11, #0x40000000\n"                                                                                      \
    "add r12, r8, r10\n"                                                                                               \
    "smlal r11, r12, r9, r6\n"                                                                                         \
    "asr r12, r12, r7\n"                                                                                               \
    "add r12, r12, lr\n"                                                                                               \
    "4" #k ":\n" store

#define MG_RQ_CLAMP(k)                                                                                                 \
    "2" #k ":\n ldr r12, [sp, #" MG_RQ_MIN "]\n b 4" #k "b\n"                                                          \
    "3" #k ":\n ldr r12, [sp, #" MG_RQ_MAX "]\n b 4" #k "b\n"

/* A channel's four outputs. */
#define MG_RQ_PIXELS                                                                                                   \
    MG_RQ_PIXEL(0, "strb r12, [r1]\n")                                                                                 \
    MG_RQ_PIXEL(1, "strb r12, [r1, r2]\n")                                                                             \
    MG_RQ_PIXEL(2, "add r10, r1, r2, lsl #1\n strb r12, [r10]\n")                                                      \
    MG_RQ_PIXEL(3, "add r10, r2, r2, lsl #1\n strb r12, [r1, r10]\n")

#define MG_RQ_CLAMPS MG_RQ_CLAMP(0) MG_RQ_CLAMP(1) MG_RQ_CLAMP(2) MG_RQ_CLAMP(3)

__attribute__((naked)) void mg_portable_requant_pixels_v7m(const mg_portable_requant_job *job)
{
    (void)job;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "ldm r0, {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}\n"
                     "push {r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12}\n"
                     "mov r0, r5\n" /* the sums */
                     "mov r1, r6\n" /* the outputs */
                     "mov r2, r7\n" /* their depth */
                     "add r8, r6, r8\n"
                     "str r8, [sp, #" MG_RQ_END "]\n"
                     "mov lr, r10\n" /* the offset */
                     "1:\n"          /* the next channel */
                     "ldr r10, [sp, #" MG_RQ_CHANNELS "]\n"
                     "ldm r10!, {r3, r4, r5, r6, r7, r8}\n"
                     "str r10, [sp, #" MG_RQ_CHANNELS "]\n" MG_RQ_PIXELS "add r0, r0, #4\n"
                     "add r1, r1, #1\n"
                     "ldr r10, [sp, #" MG_RQ_END "]\n"
                     "cmp r1, r10\n"
                     "bne 1b\n"
                     "add sp, sp, #48\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n" MG_RQ_CLAMPS);
}

#endif
