/* SVDF int8 with int16 or int8 state on the dsp backend (Cortex-M4/M7/M33), bit-exact with the reference
 * (svdf_s8.c, TFLite Micro's EvalIntegerSvdfReference) in one pass over the filters per batch:
 *
 * - the feature sums four filters at a time in FULLY_CONNECTED's loop (mg_dsp_four_rows: the input's SXTB16 pairs
 *   in scratch against the model's int8 weights), the input zero point's term from the backend table;
 * - each filter's history shifted left by one while its time sum is taken: TFLite Micro shifts the whole state by
 *   one element and then writes every filter's newest column, which moves each filter's values 1..memory-1 to
 *   0..memory-2 and nothing across filters, so the time sum over the shifted history is the model's time weights
 *   0..memory-2 against the old values 1..memory-1, read and stored back one element lower in the same words
 *   (LDR/STR may be unaligned on these cores), plus the last weight times the new value;
 * - the state zero point's term and the bias come from the table per unit, the sums wrap modulo 2^32 as the
 *   reference's, and both requantizations are TFLite's own (mg_requantizer, exact for every sum). */
#pragma GCC optimize("O2")
#include "mg_dsp_mac.h"
#include "mg_dsp_requant.h"
#include "mg_fixedpoint.h"
#include "mg_kernel.h"
#include "svdf.h"

/* The running unit: the rank filters of a unit are consecutive, their time sums add up to its output. */
typedef struct {
    const mg_svdf_params *p;
    mg_requantizer to_state, to_output;
    int32_t state_offset, output_offset; /* mg_dsp_requant.h's offsets, when exact (p->dsp_exact_requant) */
    const int32_t *unit_bias;
    int8_t *out;
    uint32_t sum;
    int32_t left; /* filters of the unit still to come */
} svdf_run;

/* One filter's history of memory int16 values (memory - 1 = last): values 1..last moved one lower while summed
 * against the time weights 0..last-1 (pairs: one unaligned LDR, its STR one element lower, one SMLAD), then the
 * new value stored last and its product added. A function of its own so that its loop keeps the sum in a register
 * (inlined into the filter loop, GCC spills it). */
static __attribute__((noinline)) uint32_t history_s16(int16_t *row, const int16_t *w, int32_t last, int32_t value)
{
    uint32_t acc = 0;
    int32_t j = 0;
    for (; j + 2 <= last; j += 2) {
        const uint32_t s = dsp_ld32(row + j + 1);
        dsp_st32(row + j, s);
        acc = (uint32_t)dsp_smlad(dsp_ld32(w + j), s, (int32_t)acc);
    }
    if (j < last) {
        row[j] = row[j + 1];
        acc += (uint32_t)(w[j] * row[j]);
    }
    row[last] = (int16_t)value;
    return acc + (uint32_t)(w[last] * row[last]);
}

/* The same for int8 values, four per word: both words' SXTB16 halves meet in two SMLAD. */
static __attribute__((noinline)) uint32_t history_s8(int8_t *row, const int8_t *w, int32_t last, int32_t value)
{
    uint32_t acc = 0;
    int32_t j = 0;
    for (; j + 4 <= last; j += 4) {
        const uint32_t s = dsp_ld32(row + j + 1);
        dsp_st32(row + j, s);
        acc = (uint32_t)mg_dsp_mac4_word((int32_t)acc, dsp_ld32(w + j), dsp_sxtb16(s), dsp_sxtb16_ror8(s));
    }
    for (; j < last; ++j) {
        row[j] = row[j + 1];
        acc += (uint32_t)(w[j] * row[j]);
    }
    row[last] = (int8_t)value;
    return acc + (uint32_t)(w[last] * row[last]);
}

/* Filter f's new state value from its feature sum, its history and time sum, and the unit's output when f is the
 * unit's last filter. */
static inline __attribute__((always_inline)) void filter_step(svdf_run *r, int32_t f, int32_t feature_sum, void *state,
                                                              const void *weights_time)
{
    const mg_svdf_params *p = r->p;
    const int32_t memory = p->memory, at = f * memory;
    const int32_t value = p->dsp_exact_requant & 1
                              ? dsp_requant(2 * feature_sum, p->feature_multiplier, r->state_offset, -p->feature_shift)
                              : mg_requantizer_apply(&r->to_state, feature_sum);
    if (p->state_bytes == 1) {
        r->sum += history_s8((int8_t *)state + at, (const int8_t *)weights_time + at, memory - 1,
                             p->state_zero_point + mg_clamp(value, INT8_MIN, INT8_MAX));
    } else {
        r->sum += history_s16((int16_t *)state + at, (const int16_t *)weights_time + at, memory - 1,
                              p->state_zero_point + mg_clamp(value, INT16_MIN, INT16_MAX));
    }
    if (--r->left == 0) {
        const int32_t total = (int32_t)(r->sum + (uint32_t)*r->unit_bias++);
        const int32_t y = p->dsp_exact_requant & 2
                              ? dsp_requant(2 * total, p->output_multiplier, r->output_offset, -p->output_shift)
                              : mg_requantizer_apply(&r->to_output, total) + p->output_zero_point;
        *r->out++ = (int8_t)mg_clamp(y, INT8_MIN, INT8_MAX);
        r->sum = 0;
        r->left = p->rank;
    }
}

void mg_svdf_s8_dsp(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, uint32_t *scratch)
{
    const int32_t size = p->input_size, filters = p->filters, k8 = size & ~7, k4 = size & ~3;
    const int32_t *feature_bias = p->backend_table;
    svdf_run r = {.p = p,
                  .to_state = mg_requantizer_make(p->feature_multiplier, p->feature_shift),
                  .to_output = mg_requantizer_make(p->output_multiplier, p->output_shift),
                  .out = output,
                  .left = p->rank};
    if (p->dsp_exact_requant & 1) {
        r.state_offset = 1 << (-p->feature_shift - 1);
    }
    if (p->dsp_exact_requant & 2) {
        r.output_offset = (1 << (-p->output_shift - 1)) + p->output_zero_point * (1 << -p->output_shift);
    }
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * size;
        void *batch_state = (int8_t *)state + b * filters * p->memory * p->state_bytes;
        for (int32_t k = 0; k < k8; k += 4) { /* the input's SXTB16 pairs once, for every filter */
            const uint32_t xv = dsp_ld32(x + k);
            scratch[k / 2] = dsp_sxtb16(xv);
            scratch[k / 2 + 1] = dsp_sxtb16_ror8(xv);
        }
        r.unit_bias = feature_bias + filters;
        const int8_t *w = weights_feature;
        int32_t f = 0;
        for (; f + 4 <= filters; f += 4, w += 4 * size) {
            int32_t acc[4] = {feature_bias[f], feature_bias[f + 1], feature_bias[f + 2], feature_bias[f + 3]};
            if (k8 > 0) {
                mg_dsp_four_rows(acc, w, size, x, scratch, k8);
            }
            for (int32_t k = k8; k < size; ++k) {
                for (int32_t i = 0; i < 4; ++i) {
                    acc[i] += w[i * size + k] * x[k];
                }
            }
            for (int32_t i = 0; i < 4; ++i) {
                filter_step(&r, f + i, acc[i], batch_state, weights_time);
            }
        }
        for (; f < filters; ++f, w += size) {
            int32_t acc = feature_bias[f], k = 0;
            for (; k < k4; k += 4) {
                const uint32_t xv = dsp_ld32(x + k);
                acc = mg_dsp_mac4_word(acc, dsp_ld32(w + k), dsp_sxtb16(xv), dsp_sxtb16_ror8(xv));
            }
            for (; k < size; ++k) {
                acc += w[k] * x[k];
            }
            filter_step(&r, f, acc, batch_state, weights_time);
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_svdf_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!p->backend_table || !input || input->type != MG_INT8) {
        return mg_fail(node, "the dsp SVDF takes int8 nodes with their backend table");
    }
    return mg_svdf_prepare(node, mg_svdf_s8_dsp_scratch_size(p->input_size));
}

static mg_status invoke(mg_node *node)
{
    mg_svdf_s8_dsp(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data,
                   mg_input(node, 4)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_svdf_dsp = {0, 0, prepare, invoke};
