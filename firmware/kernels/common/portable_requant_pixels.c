/* mg_portable_requant_pixels (mg_portable_dot.h): four pixels' outputs channel by channel, ARMv7-M. The assembly
 * loop (requant_channels) loads a channel's table entry once for its four outputs (one LDM): the folded constant
 * r3, the thresholds r4 and r5, the multiplier r6, the right shift less one r7, the rounding addend's high word r8;
 * r0 the channel's sums (pixel k's at r0 + 128 k), r1 pixel 0's output (pixel k's at r1 + k * r2), lr the output
 * offset. Its job's fields are copied to the stack first (one load each then). */
#include "mg_portable_dot.h"

#if defined(__ARM_ARCH_7M__)

/* The assembly's job: the field order is its. */
typedef struct {
    uint32_t staged7[4];  /* pixel k's staged sum times 128 */
    const uint32_t *sums; /* channel c of pixel k at sums[k * MG_PORTABLE_SUMS_STRIDE + c] */
    int8_t *out;          /* pixel 0's output of channel 0; pixel k's at out + k * depth */
    int32_t depth;
    int32_t count; /* channels, at least one */
    const mg_portable_channel *channels;
    int32_t offset, act_min, act_max;
} requant_job;

_Static_assert(sizeof(requant_job) == 12 * 4, "the job's stack copy below");
_Static_assert(MG_PORTABLE_TABLE == 64, "make_table's two words of others");
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
 * the high word shifted and offset: 16 or 17 instructions an output inside the range, 9 or 10 outside (the store
 * of pixels 2 and 3 takes two); `store` writes r12 to pixel k's output, to which MG_RQ_CLAMP (out of the loop)
 * brings act_min below the first threshold and act_max above the last. */
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

__attribute__((naked)) static void requant_channels(const requant_job *job)
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

/* Channel c's entry; 0 where the loop does not take it (a multiplier of 0 gives 0 with any right shift: 2 then). */
static int channel_entry(const mg_portable_outputs *n, int32_t c, mg_portable_channel *entry)
{
    const int32_t *requant = n->requant + c * n->requant_step;
    const int32_t right = requant[0] == 0 ? 2 : mg_portable_right(requant);
    if (mg_portable_left(requant) != 0 || right < 2) {
        return 0;
    }
    *entry = (mg_portable_channel){n->folded[c], n->thresholds[2 * c], n->thresholds[2 * c + 1], requant[0],
                                   right - 1,    1 << (right - 2)};
    return 1;
}

static void make_table(const mg_portable_outputs *n, int32_t o, mg_portable_table *t)
{
    t->others[0] = t->others[1] = 0;
    t->first = o;
    for (int32_t c = 0; c < MG_PORTABLE_TABLE && o + c < n->depth; ++c) {
        if (!channel_entry(n, o + c, &t->entries[c])) {
            t->others[c >> 5] |= 1u << (c & 31);
        }
    }
}

void mg_portable_requant_pixels(const mg_portable_outputs *n, uint32_t (*sums)[MG_PORTABLE_SUMS_STRIDE],
                                const uint32_t staged_sum[4], int32_t o, int32_t count, int8_t *out,
                                mg_portable_table *t)
{
    if (t->first < 0 || o < t->first || o + count > t->first + MG_PORTABLE_TABLE) {
        make_table(n, o, t);
    }
    const int32_t at = o - t->first; /* the block's first entry */
    requant_job job = {{staged_sum[0] << 7, staged_sum[1] << 7, staged_sum[2] << 7, staged_sum[3] << 7},
                       0,
                       0,
                       n->depth,
                       0,
                       0,
                       n->offset,
                       n->act_min,
                       n->act_max};
    for (int32_t c = 0; c < count; ++c) {
        const uint32_t others = t->others[at >> 5] >> c << c;        /* from c on */
        const int32_t next = others ? __builtin_ctz(others) : count; /* the next channel it does not take */
        const int32_t end = next < count ? next : count;
        if (end > c) {
            job.sums = &sums[0][c];
            job.out = out + o + c;
            job.count = end - c;
            job.channels = &t->entries[at + c];
            requant_channels(&job);
        }
        for (int32_t k = 0; end < count && k < 4; ++k) { /* channel `end` pixel by pixel */
            const int32_t e = o + end;
            mg_portable_requant(&sums[k][end], staged_sum[k], n->folded + e, n->requant + e * n->requant_step,
                                n->requant_step, 1, n->thresholds + 2 * e, n->offset, n->act_min, n->act_max,
                                out + k * n->depth + e);
        }
        c = end;
    }
}

#endif
