/* SOFTMAX over the last dimension: output[i][c] = exp(beta * (x[i][c] - max_i)) / sum_c exp(...).
 * int8 -> int8 (output scale 1/256, zero point -128), int8 -> int16 (scale 1/65536, zero point -32768),
 * int16 -> int16 (scale 1/32768, zero point 0) and float32, as TFLite Micro's reference kernels compute them. */
#ifndef MG_SOFTMAX_H
#define MG_SOFTMAX_H

#include <stdint.h>

#include "mg_fixedpoint.h"
#include "mg_kernel.h"
#include "mg_lut16.h"

typedef struct mg_softmax_params {
    int32_t outer_size; /* rows: every dimension but the last */
    int32_t depth;      /* the last dimension */
    /* int8: beta * input_scale * 2^26 as a Q31 multiplier and a left shift (TFLite's PreprocessSoftmaxScaling);
     * int16: beta * input_scale * 65535 / 10 as a Q31 multiplier and a shift of either sign */
    int32_t input_multiplier;
    int32_t input_left_shift;
    int32_t diff_min;              /* int8: input differences below this contribute nothing */
    float beta;                    /* float32 */
    const int32_t *exp_lut;        /* int16, reference: TFLite's exp table over [-10, 0] (mg_lut16.h) ... */
    const int32_t *reciprocal_lut; /* ... and its 1 / (1 + x) table over [0, 1] */
    /* dsp and mve backends (softmax_{dsp,mve}.c), NULL for the reference kernels. int8: entry 0 is 0 (every
     * difference to the row maximum below the first one kept, first = max(diff_min, -255)), entry k the Q0.31 exp
     * of difference first + k - 1, up to 0: 2 - first entries, not 256 (mg_softmax_s8_table_offset); int16: the
     * exp table's 512 intervals, entry i packing lut[i] (low half) and lut[i + 1] - lut[i] (high half), in place
     * of exp_lut. */
    const int32_t *backend_table;
    /* dsp, mve and portable: the kernel of the node's types, named by the generator, so that a firmware links only
     * the kernels its nodes use (NULL for the reference kernels) */
    void (*kernel)(const struct mg_softmax_params *p, const void *input, void *output);
} mg_softmax_params;

/* The int8 backend table's index of an input x in a row whose maximum is row_max is x plus this, clamped at 0. */
static inline int32_t mg_softmax_s8_table_offset(const mg_softmax_params *p, int32_t row_max)
{
    const int32_t first = p->diff_min > -255 ? p->diff_min : -255;
    return 1 - first - row_max;
}

/* The backends' depth limit: below it the int8 sum of exps (at most 2^19 each, Q12.19) cannot wrap. */
#define MG_SOFTMAX_BACKEND_MAX_DEPTH 4095

void mg_softmax_s8(const mg_softmax_params *p, const int8_t *input, int8_t *output);
void mg_softmax_s8_s16(const mg_softmax_params *p, const int8_t *input, int16_t *output);
void mg_softmax_s16(const mg_softmax_params *p, const int16_t *input, int16_t *output);
void mg_softmax_f32(const mg_softmax_params *p, const float *input, float *output);
void mg_softmax_s8_dsp(const mg_softmax_params *p, const void *input, void *output);
void mg_softmax_s8_s16_dsp(const mg_softmax_params *p, const void *input, void *output);
void mg_softmax_s16_dsp(const mg_softmax_params *p, const void *input, void *output);
void mg_softmax_s8_mve(const mg_softmax_params *p, const void *input, void *output);
void mg_softmax_s8_s16_mve(const mg_softmax_params *p, const void *input, void *output);
void mg_softmax_s16_mve(const mg_softmax_params *p, const void *input, void *output);

/* int16: 1 / sum_of_exps (Q16.15, > 0) in Q0.15 from the 1 / (1 + x) table, as SoftmaxInt16 computes it: the sum
 * normalized to [1, 2) in Q1.14 and moved to [-1, 1) for the table. The outputs are exp * reciprocal, rounded
 * right by 31 - headroom_plus_one. */
static inline int32_t mg_softmax_s16_reciprocal(int32_t sum_of_exps, int headroom_plus_one, const int32_t *lut)
{
    const int32_t shifted_sum = (int32_t)((((int64_t)sum_of_exps << (headroom_plus_one - 1)) + (1 << 13)) >> 14);
    return mg_lut16_lookup((int16_t)mg_clamp(shifted_sum - ((1 << 15) + (1 << 16)), INT16_MIN, INT16_MAX), lut);
}

/* The family's prepare (softmax_prepare.c): the node's tensors against the parameters; the backends' also wants
 * integer types, their table and a depth of at most MG_SOFTMAX_BACKEND_MAX_DEPTH. */
mg_status mg_softmax_prepare(mg_node *node);
mg_status mg_softmax_backend_prepare(mg_node *node);

/* A backend's registration (softmax_dsp.c, softmax_mve.c, softmax_portable.c): the backend prepare, then the
 * kernel the generator named in the parameters (mg_softmax_<types>_<backend>; the portable backend runs the dsp
 * kernels' plain C). */
#define MG_SOFTMAX_BACKEND_REGISTRATION(backend)                                                                       \
    static mg_status invoke_##backend(mg_node *node)                                                                   \
    {                                                                                                                  \
        const mg_softmax_params *p = node->params;                                                                     \
        p->kernel(p, mg_input(node, 0)->data, mg_output(node, 0)->data);                                               \
        return MG_OK;                                                                                                  \
    }                                                                                                                  \
    const mg_registration mg_register_softmax_##backend = {0, 0, mg_softmax_backend_prepare, invoke_##backend}

extern const mg_registration mg_register_softmax;
extern const mg_registration mg_register_softmax_dsp;
extern const mg_registration mg_register_softmax_mve;
extern const mg_registration mg_register_softmax_portable;

#endif
