/* mg_portable_dot8 (mg_portable_dot.h): one staged pixel (bytes x + 128) against one group of four channels'
 * interleaved weights (w + 128), eight taps per pass. GCC keeps neither loop in registers on these cores (on ARMv6-M,
 * whose data instructions reach r0-r7 only, it spills the sums; on ARMv7-M it reassociates them into temporaries and
 * spills too), so the loops are written out. ARMv6-M: r0 the staged values, r1 the weights, r2-r5 the four sums, r6
 * the value, r7 the weight (then its product), lr the end; LDRB, MULS, ADDS per MAC (MULS overwrites its operand,
 * the weight), 3.4 instructions per MAC with the loop. ARMv7-M: two channels a UMLAL, 1.5. The host build runs the
 * C loop. Then ARMv7-M's long-multiply loop over four pixels paired in words, and its requantization. */
#include "mg_portable_dot.h"

#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_7M__)

#if defined(__ARM_ARCH_6M__)
/* sum r2+j += value * weight j, for the four channels of tap \i */
#define MG_PORTABLE_MACS                                                                                               \
    "ldrb r7, [r1, #(4 * \\i)]\n muls r7, r6, r7\n adds r2, r2, r7\n"                                                  \
    "ldrb r7, [r1, #(4 * \\i + 1)]\n muls r7, r6, r7\n adds r3, r3, r7\n"                                              \
    "ldrb r7, [r1, #(4 * \\i + 2)]\n muls r7, r6, r7\n adds r4, r4, r7\n"                                              \
    "ldrb r7, [r1, #(4 * \\i + 3)]\n muls r7, r6, r7\n adds r5, r5, r7\n"

__attribute__((naked)) void mg_portable_dot8(const uint8_t *x, const uint8_t *w, int32_t taps8, uint32_t sums[4])
{
    (void)x;
    (void)w;
    (void)taps8;
    (void)sums;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, lr}\n"
                     "mov r12, r3\n" /* sums */
                     "adds r2, r0, r2\n"
                     "mov lr, r2\n" /* the end of the staged values */
                     "movs r2, #0\n"
                     "movs r3, #0\n"
                     "movs r4, #0\n"
                     "movs r5, #0\n"
                     "cmp r0, lr\n"
                     "beq 2f\n"
                     "1:\n"
                     ".irp i, 0, 1, 2, 3, 4, 5, 6, 7\n"
                     "ldrb r6, [r0, #\\i]\n" MG_PORTABLE_MACS ".endr\n"
                     "adds r0, r0, #8\n"
                     "adds r1, r1, #32\n"
                     "cmp r0, lr\n"
                     "bne 1b\n"
                     "2:\n"
                     "mov r6, r12\n"
                     "str r2, [r6, #0]\n"
                     "str r3, [r6, #4]\n"
                     "str r4, [r6, #8]\n"
                     "str r5, [r6, #12]\n"
                     "pop {r4, r5, r6, r7, pc}\n");
}
#else
/* A 64-bit sum lo:hi of two 24-bit lanes split: the lane below bit 24 in lo, the one above in hi. */
#define MG_PORTABLE_LANES(lo, hi)                                                                                      \
    "lsls " hi ", " hi ", #8\n orr " hi ", " hi ", " lo ", lsr #24\n bic " lo ", " lo ", #0xFF000000\n"

/* Taps \i and \i + 1: their values r8 and r10, their weight words r9 and r11 (the group's four channels' bytes),
 * each word's channels 0 and 3 (mask r12: bits 0-7 and 24-31) and 2 and 1 (the word rotated by 16) as the pairs of
 * one UMLAL each, into r4:r5 and r6:r7 (mg_portable_dot8x4_wide's lanes: the first channel's sum below bit 24) */
#define MG_PORTABLE_PAIR_MACS                                                                                          \
    "ldrb r8, [r0, #\\i]\n ldrb r10, [r0, #(\\i + 1)]\n ldrd r9, r11, [r1, #(4 * \\i)]\n"                              \
    "and lr, r9, r12\n umlal r4, r5, r8, lr\n and lr, r12, r9, ror #16\n umlal r6, r7, r8, lr\n"                       \
    "and lr, r11, r12\n umlal r4, r5, r10, lr\n and lr, r12, r11, ror #16\n umlal r6, r7, r10, lr\n"

/* The lanes of r4:r5 and r6:r7 added to sums (r3) 0 and 3, 2 and 1. */
#define MG_PORTABLE_PAIR_SUMS                                                                                          \
    MG_PORTABLE_LANES("r4", "r5")                                                                                      \
    MG_PORTABLE_LANES("r6", "r7")                                                                                      \
    "ldm r3, {r8, r9, r10, r11}\n add r8, r8, r4\n add r9, r9, r7\n add r10, r10, r6\n add r11, r11, r5\n"             \
    "stm r3, {r8, r9, r10, r11}\n"

_Static_assert(MG_PORTABLE_WIDE_TAPS == 256, "mg_portable_dot8's chunks");

/* ARMv7-M: two channels a multiply, each byte of the weight words paired with another in one register (one AND
 * with a mask, rotated or not) and met by the tap's value in a UMLAL: 1.5 instructions per MAC with the loop
 * (LDRB and MLA per MAC took 2.4). The lanes hold MG_PORTABLE_WIDE_TAPS taps: longer rows go in chunks of that many,
 * each chunk's sums added to sums[]. r0 the staged values up to r2 (the chunk's end), the row's end on the stack,
 * r12 the mask, lr a masked word. */
__attribute__((naked)) void mg_portable_dot8(const uint8_t *x, const uint8_t *w, int32_t taps8, uint32_t sums[4])
{
    (void)x;
    (void)w;
    (void)taps8;
    (void)sums;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "add r2, r0, r2\n"
                     "push {r2}\n" /* the row's end */
                     "mov r4, #0\n"
                     "mov r5, #0\n"
                     "strd r4, r5, [r3]\n"
                     "strd r4, r5, [r3, #8]\n"
                     "mov r12, #0xFF\n"
                     "orr r12, r12, #0xFF000000\n"
                     "1:\n" /* a chunk: r2 its end */
                     "ldr r2, [sp]\n"
                     "sub r2, r2, r0\n"
                     "cmp r2, #256\n" /* MG_PORTABLE_WIDE_TAPS */
                     "it gt\n"
                     "movgt r2, #256\n"
                     "cmp r2, #0\n"
                     "beq 3f\n"
                     "add r2, r0, r2\n"
                     "mov r4, #0\n"
                     "mov r5, #0\n"
                     "mov r6, #0\n"
                     "mov r7, #0\n"
                     "2:\n"
                     ".irp i, 0, 2, 4, 6\n" MG_PORTABLE_PAIR_MACS ".endr\n"
                     "add r0, r0, #8\n"
                     "add r1, r1, #32\n"
                     "cmp r0, r2\n"
                     "bne 2b\n" MG_PORTABLE_PAIR_SUMS "b 1b\n"
                     "3:\n"
                     "pop {r2}\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}
#endif

#if defined(__ARM_ARCH_7M__)
/* the first pixel's sum (bits 0-23) to [r12, #first], the second's (bits 24-55) to [r12, #second] */
#define MG_PORTABLE_WIDE_SPLIT(lo, hi, first, second)                                                                  \
    MG_PORTABLE_LANES(lo, hi)                                                                                          \
    "str " lo ", [r12, #" first "]\n str " hi ", [r12, #" second "]\n"

/* tap \i of two pairs' words (r10: pixels 0 and 1, r11: pixels 2 and 3, side by side: one LDRD), each of two
 * channels' weights (r12) accumulated against both (r2:r3, r4:r5 the first channel's, r6:r7, r8:r9 the second's) */
#define MG_PORTABLE_QUAD_MACS                                                                                          \
    "ldrd r10, r11, [r0, #(8 * \\i)]\n"                                                                                \
    "ldrb r12, [r1, #(4 * \\i)]\n umlal r2, r3, r10, r12\n umlal r4, r5, r11, r12\n"                                   \
    "ldrb r12, [r1, #(4 * \\i + 1)]\n umlal r6, r7, r10, r12\n umlal r8, r9, r11, r12\n"

/* acc (lo, hi) split as MG_PORTABLE_WIDE_SPLIT's, each half added to its pixel's sum at [r12, #first], [r12, #second]
 * (r10, r11 free after the loop) */
#define MG_PORTABLE_WIDE_ADD(lo, hi, first, second)                                                                    \
    MG_PORTABLE_LANES(lo, hi)                                                                                          \
    "ldr r10, [r12, #" first "]\n add " lo ", " lo ", r10\n str " lo ", [r12, #" first "]\n"                           \
    "ldr r11, [r12, #" second "]\n add " hi ", " hi ", r11\n str " hi ", [r12, #" second "]\n"

/* The four accumulators to the pixels' sums, MG_PORTABLE_SUMS_STRIDE words apart (4 * 32 bytes: the offsets), by
 * `to` (MG_PORTABLE_WIDE_ADD or _SPLIT), then the return. */
#define MG_PORTABLE_QUAD_TAIL(to)                                                                                      \
    to("r2", "r3", "0", "128") to("r4", "r5", "256", "384") to("r6", "r7", "4", "132")                                 \
        to("r8", "r9", "260", "388") "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n"

_Static_assert(MG_PORTABLE_SUMS_STRIDE == 32, "the offsets of mg_portable_dot8x4_wide's sums");

/* r0 the words, r1 the first channel's weights, lr their end; the sums pointer pushed, `add` the fifth argument: 7
 * instructions per 8 MACs. Taps in eights, entered halfway (four taps back) when their count is 4 modulo 8; at least
 * four (the C callers' windows), so the loop runs at least once. */
__attribute__((naked)) void mg_portable_dot8x4_wide(const uint32_t *xx, const uint8_t *w, int32_t taps, uint32_t *sums,
                                                    int32_t add)
{
    (void)xx;
    (void)w;
    (void)taps;
    (void)sums;
    (void)add;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "push {r3}\n"
                     "add lr, r0, r2, lsl #3\n"
                     "lsls r12, r2, #29\n" /* N: taps 4 modulo 8 (the movs below keep the flags) */
                     "mov r2, #0\n"
                     "mov r3, #0\n"
                     "mov r4, #0\n"
                     "mov r5, #0\n"
                     "mov r6, #0\n"
                     "mov r7, #0\n"
                     "mov r8, #0\n"
                     "mov r9, #0\n"
                     "bpl 1f\n"
                     "subs r0, r0, #32\n"
                     "subs r1, r1, #16\n"
                     "b 5f\n"
                     "1:\n"
                     ".irp i, 0, 1, 2, 3\n" MG_PORTABLE_QUAD_MACS ".endr\n"
                     "5:\n"
                     ".irp i, 4, 5, 6, 7\n" MG_PORTABLE_QUAD_MACS ".endr\n"
                     "adds r0, r0, #64\n"
                     "adds r1, r1, #32\n"
                     "cmp r0, lr\n"
                     "bne 1b\n"
                     "pop {r12}\n"
                     "ldr r10, [sp, #36]\n" /* add (above the nine registers pushed) */
                     "cmp r10, #0\n beq 3f\n" MG_PORTABLE_QUAD_TAIL(MG_PORTABLE_WIDE_ADD) "3:\n" MG_PORTABLE_QUAD_TAIL(
                         MG_PORTABLE_WIDE_SPLIT));
}

/* One output (the loop below, labels a-b-c apart): r4 the sum, then a (the sum shifted left), r5 the multiplier, r6
 * the rounding term c, then the product's high word, r7 the right shift, r10 the product's low word; `test` may
 * leave the loop with the accumulator r4 before it is requantized, `clamp` takes r4 plus the offset (lr) to the
 * output's range. */
#define MG_PORTABLE_REQUANT_LOOP(a, b, c, test, clamp)                                                                 \
#a ":\n"                                                                                                           \
       "ldr r4, [r0], #4\n"                                                                                            \
       "ldr r5, [r2], #4\n"                                                                                            \
       "add r4, r4, r5\n"                                                                                              \
       "sub r4, r4, r1\n" test "ldrd r5, r6, [r3]\n" /* the multiplier, the shifts (LSL reads bits 0-7: left) */       \
       "lsr r7, r6, #8\n"                            /* right */                                                       \
       "add r3, r3, r8\n"                                                                                              \
       "lsl r4, r4, r6\n"                                                                                              \
       "cbz r7, " #b "f\n"                                                                                             \
       "sub r7, r7, #1\n"                                                                                              \
       "movs r6, #1\n"                                                                                                 \
       "lsl r6, r6, r7\n"          /* 2^(right - 1) ... */                                                             \
       "add r6, r6, r4, asr #31\n" /* ... one less for a negative a: c */                                              \
       "lsl r10, r6, #31\n"        /* the addend c * 2^31 + 2^30 ... */                                                \
       "orr r10, r10, #0x40000000\n"                                                                                   \
       "lsr r6, r6, #1\n" /* ... its high word */                                                                      \
       "smlal r10, r6, r4, r5\n"                                                                                       \
       "asr r4, r6, r7\n" /* the product over 2^(31 + right) */                                                        \
        #c ":\n"                                                                                                       \
       "add r4, r4, lr\n" clamp "strb r4, [r11], #1\n"                                                                 \
       "cmp r11, r12\n"                                                                                                \
       "bne " #a "b\n"                                                                                                 \
       "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n" #b ":\n" /* no right shift: c = 0, the product over 2^31 */      \
       "mov r10, #0x40000000\n"                                                                                        \
       "movs r6, #0\n"                                                                                                 \
       "smlal r10, r6, r4, r5\n"                                                                                       \
       "lsl r4, r6, #1\n"                                                                                              \
       "orr r4, r4, r10, lsr #31\n"                                                                                    \
       "b " #c "b\n"

/* r0 the sums, r1 the staged sum times 128, r2 the folded constants, r3 the requantization entries (r8 their step in
 * bytes), r9 the range, r11 the outputs up to r12, lr the offset: 30 instructions an output with a right shift (GCC's C
 * loop spilled: 36 with the shifts in words of their own), 24 where the range is all of int8 (a fused ReLU or ReLU6
 * whose output zero point is -128, as TFLite's converter makes them, or none), one SSAT then. With the generator's
 * thresholds (r9 then), an accumulator below the first or above the last is act_min or act_max at once (13
 * instructions), and one between them needs no clamp (mg_portable_dot.h): fewer instructions on the models' layers,
 * whose outputs often sit at act_min (a ReLU), even where the range is all of int8. */
__attribute__((naked)) void mg_portable_requant_v7m(const uint32_t *sums, uint32_t staged7, const int32_t *folded,
                                                    const int32_t *requant, int32_t step, int32_t count,
                                                    const int32_t range[3], int8_t *out, const int32_t *thresholds)
{
    (void)sums;
    (void)staged7;
    (void)folded;
    (void)requant;
    (void)step;
    (void)count;
    (void)range;
    (void)out;
    (void)thresholds;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "ldr r8, [sp, #36]\n"
                     "lsl r8, r8, #2\n"
                     "ldr r12, [sp, #40]\n"
                     "ldr r9, [sp, #44]\n"
                     "ldr r11, [sp, #48]\n"
                     "add r12, r11, r12\n"
                     "ldm r9, {r4, r5, r6}\n" /* offset, act_min, act_max */
                     "mov lr, r4\n"
                     "ldr r4, [sp, #52]\n"
                     "cbz r4, 10f\n"
                     "mov r9, r4\n" /* the thresholds */
                     "b 7f\n"
                     "10:\n"
                     "cmn r5, #128\n"
                     "bne 1f\n"
                     "cmp r6, #127\n"
                     "beq 4f\n" MG_PORTABLE_REQUANT_LOOP(1, 2, 3, "",
                                                         "ldrd r5, r7, [r9, #4]\n"
                                                         "cmp r4, r5\n"
                                                         "it lt\n"
                                                         "movlt r4, r5\n"
                                                         "cmp r4, r7\n"
                                                         "it gt\n"
                                                         "movgt r4, r7\n")
                         MG_PORTABLE_REQUANT_LOOP(4, 5, 6, "", "ssat r4, #8, r4\n")
                             MG_PORTABLE_REQUANT_LOOP(7, 8, 9,
                                                      "ldrd r5, r6, [r9], #8\n"
                                                      "cmp r4, r5\n"
                                                      "blt 11f\n"
                                                      "cmp r4, r6\n"
                                                      "bgt 12f\n",
                                                      "") /* below the first threshold, above the last: */
                     "11:\n"
                     "ldr r10, [sp, #44]\n"
                     "ldr r4, [r10, #4]\n"
                     "b 13f\n"
                     "12:\n"
                     "ldr r10, [sp, #44]\n"
                     "ldr r4, [r10, #8]\n"
                     "13:\n"
                     "add r3, r3, r8\n"
                     "strb r4, [r11], #1\n"
                     "cmp r11, r12\n"
                     "bne 7b\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n");
}
#endif

#else

void mg_portable_dot8(const uint8_t *x, const uint8_t *w, int32_t taps8, uint32_t sums[4])
{
    uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (int32_t k = 0; k < taps8; ++k, w += MG_PORTABLE_GROUP) {
        const uint32_t v = x[k];
        a0 += v * w[0];
        a1 += v * w[1];
        a2 += v * w[2];
        a3 += v * w[3];
    }
    sums[0] = a0;
    sums[1] = a1;
    sums[2] = a2;
    sums[3] = a3;
}

#endif

#if !defined(__ARM_ARCH_6M__) && !defined(__ARM_ARCH_7M__)
/* The host: two channels against two pairs' words, as the ARMv7-M loop's 64-bit sums, stored to or added to the
 * pixels' sums. */
void mg_portable_dot8x4_wide(const uint32_t *xx, const uint8_t *w, int32_t taps, uint32_t *sums, int32_t add)
{
    uint64_t a[4] = {0, 0, 0, 0}; /* channel c, pair h: a[2 * c + h] */
    for (int32_t k = 0; k < taps; ++k, w += MG_PORTABLE_GROUP, xx += 2) {
        for (int32_t i = 0; i < 4; ++i) {
            a[i] += (uint64_t)xx[i & 1] * w[i >> 1];
        }
    }
    for (int32_t i = 0; i < 4; ++i) { /* pixels 2h and 2h + 1 of channel c */
        uint32_t *sum = sums + (i >> 1) + 2 * (i & 1) * MG_PORTABLE_SUMS_STRIDE;
        sum[0] = (add ? sum[0] : 0) + ((uint32_t)a[i] & 0xFFFFFFu);
        sum[MG_PORTABLE_SUMS_STRIDE] = (add ? sum[MG_PORTABLE_SUMS_STRIDE] : 0) + (uint32_t)(a[i] >> 24);
    }
}
#endif
