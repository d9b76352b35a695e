/* QUANTIZE float32 -> int8 in the portable backend (quantize.h): per element its key, an estimate of its output
 * index from the float's exponent and mantissa (one 16 x 16-bit multiply and a shift), then the walk along the
 * generated thresholds to the index they give: on the M3 an assembly loop of 23 instructions an element where the
 * estimate is right (GCC's C loop: about 34; the binary search of the 255 thresholds took 45), C elsewhere. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O2")
#endif
#include "quantize.h"

/* A float's bits, read through this type only (may_alias: the floats are not accessed as int32 elsewhere here). */
typedef int32_t __attribute__((may_alias)) mg_float_bits;

#if defined(__ARM_ARCH_7M__)
/* The estimate in registers: r4 the multiplier and r11 its product with the mantissa's implicit bit, from 14
 * mantissa bits (the product stays below 2^31); r5 the shift base less 2, for twice |x| / scale, r9, clamped to
 * [0, 1023]; then, with r10 the sign (0 or -1) and r6 = 2 * zero_index + 1, the index rounded to nearest as
 * ((r9 ^ r10) + r6) / 2 for either sign, clamped to [0, 255]; r12 the key, met with thresholds [j] and [j + 1] by
 * one LDRD ([256] is INT32_MAX, quantize.h). r0 the input up to r2, r1 the output, r3 the thresholds. */
__attribute__((naked)) void mg_quantize_f32_s8_portable(const mg_quantize_portable_params *p, const float *input,
                                                        int8_t *output)
{
    (void)p;
    (void)input;
    (void)output;
    __asm__ volatile(".syntax unified\n"
                     "push {r4, r5, r6, r7, r8, r9, r10, r11, lr}\n"
                     "ldm r0, {r3, r4, r5, r6, r7}\n" /* count, thresholds, multiplier, shift_base, zero_index */
                     "mov r0, r1\n"
                     "mov r1, r2\n"
                     "add r2, r0, r3, lsl #2\n"
                     "cmp r0, r2\n"
                     "beq 9f\n"
                     "mov r3, r4\n"
                     "mov r4, r5\n"
                     "lsl r11, r4, #14\n"
                     "sub r5, r6, #2\n"
                     "lsl r6, r7, #1\n"
                     "add r6, r6, #1\n"
                     "1:\n"
                     "ldr r7, [r0], #4\n"
                     "ubfx r8, r7, #23, #8\n"
                     "sub r8, r5, r8\n"
                     "usat r8, #5, r8\n" /* a shift past 31 leaves 0, one below 0 saturates */
                     "ubfx r9, r7, #9, #14\n"
                     "mla r9, r9, r4, r11\n"
                     "lsr r9, r9, r8\n"
                     "usat r9, #10, r9\n"
                     "asr r10, r7, #31\n"
                     "eor r9, r9, r10\n"
                     "add r9, r9, r6\n"
                     "usat r9, #8, r9, asr #1\n"
                     "eor r12, r7, r10, lsr #1\n" /* the key: a negative float's magnitude bits flipped */
                     "add lr, r3, r9, lsl #2\n"
                     "ldrd r7, r8, [lr]\n"
                     "cmp r12, r7\n"
                     "blt 3f\n"
                     "cmp r12, r8\n"
                     "bge 4f\n"
                     "2:\n"
                     "eor r9, r9, #0x80\n" /* j - 128 */
                     "strb r9, [r1], #1\n"
                     "cmp r0, r2\n"
                     "bne 1b\n"
                     "9:\n"
                     "pop {r4, r5, r6, r7, r8, r9, r10, r11, pc}\n"
                     "3:\n" /* below [j]: down ([0] is INT32_MIN) */
                     "sub r9, r9, #1\n"
                     "ldr r7, [r3, r9, lsl #2]\n"
                     "cmp r12, r7\n"
                     "blt 3b\n"
                     "b 2b\n"
                     "4:\n" /* at [j + 1] or above: up, to 255 at most */
                     "cmp r9, #255\n"
                     "beq 2b\n"
                     "add r9, r9, #1\n"
                     "add lr, r3, r9, lsl #2\n"
                     "ldr r8, [lr, #4]\n"
                     "cmp r12, r8\n"
                     "bge 4b\n"
                     "b 2b\n");
}
#else
void mg_quantize_f32_s8_portable(const mg_quantize_portable_params *p, const float *input, int8_t *output)
{
    const int32_t *t = p->thresholds;
    const mg_float_bits *bits = (const mg_float_bits *)(const void *)input;
    const uint32_t multiplier = (uint32_t)p->multiplier;
    const int32_t base = p->shift_base, zero = p->zero_index, count = p->count;
    for (int32_t i = 0; i < count; ++i) {
        const int32_t b = bits[i];
        const int32_t key = b ^ (int32_t)((uint32_t)(b >> 31) >> 1); /* negative: the magnitude's bits flipped */
        /* |x| / scale, about: 0 below a step, 512 (clamped) beyond the range */
        const int32_t shift = base - (int32_t)((uint32_t)b << 1 >> 24);
        const uint32_t mantissa = ((uint32_t)b >> 8 & 0x7FFFu) | 0x8000u;
        const int32_t v = shift > 31 ? 0 : shift < 22 ? 512 : (int32_t)((mantissa * multiplier) >> shift);
        int32_t j = zero + (b < 0 ? -v : v);
        j = j < 0 ? 0 : j > 255 ? 255 : j;
        while (key < t[j]) { /* t[0] is INT32_MIN */
            --j;
        }
        while (j < 255 && key >= t[j + 1]) {
            ++j;
        }
        output[i] = (int8_t)(j - 128);
    }
}

#endif

static mg_status prepare(mg_node *node)
{
    const mg_quantize_portable_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    const mg_tensor *output = mg_output(node, 0);
    if (!input || mg_num_elements(input) != p->count || mg_num_elements(output) != p->count || !p->thresholds) {
        return mg_fail(node, "shapes differ from the generated plan");
    }
    return input->type == MG_FLOAT32 && output->type == MG_INT8
               ? MG_OK
               : mg_fail(node, "the portable QUANTIZE converts float32 to int8 only");
}

static mg_status invoke(mg_node *node)
{
    mg_quantize_f32_s8_portable(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_quantize_portable = {0, 0, prepare, invoke};
