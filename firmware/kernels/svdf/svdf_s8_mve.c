/* SVDF int8 with int16 or int8 state on the mve backend (Cortex-M55 Helium), bit-exact with the reference
 * (svdf_s8.c, TFLite Micro's EvalIntegerSvdfReference). Per batch, three passes:
 *
 * - the feature sums, four filters a pass (mg_mve_dots.h: VMLADAVA over sixteen inputs of four weight rows), the
 *   input zero point's term from the backend table, requantized into the state's new values four at a time
 *   (mg_mve.h, TFLite's rounding), clamped to the state type and offset by its zero point;
 * - per filter, its history shifted left by one while its time sum is taken: TFLite Micro shifts the whole state
 *   by one element and then writes every filter's newest column, which moves each filter's values 1..memory-1 to
 *   0..memory-2 and nothing across filters, so one predicated load of the old values 1..memory-1 feeds both the
 *   store one element lower and the VMLADAVA with the model's time weights 0..memory-2; then the new value is
 *   stored last and its product with the last weight added;
 * - per unit, the rank filters' time sums, the table's bias with the state zero point's term, requantized to int8
 *   four units at a time.
 * The sums wrap modulo 2^32, as the reference's. Scratch: mg_svdf_s8_mve_scratch_size. */
#pragma GCC optimize("O3")
#include "svdf.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"
#include "mg_mve_dots.h"

/* Shifts n int16 values one lower (row[1..n] to row[0..n-1]) and returns the sum of w[j] * row[j]. */
static inline int32_t shift_dot_s16(int16_t *row, const int16_t *w, int32_t n)
{
    int32_t acc = 0;
    for (int32_t j = 0; j < n; j += 8) {
        const mve_pred16_t live = vctp16q((uint32_t)(n - j));
        const int16x8_t s = vldrhq_z_s16(row + j + 1, live);
        vstrhq_p_s16(row + j, s, live);
        acc = vmladavaq_p_s16(acc, s, vldrhq_z_s16(w + j, live), live);
    }
    return acc;
}

static inline int32_t shift_dot_s8(int8_t *row, const int8_t *w, int32_t n)
{
    int32_t acc = 0;
    for (int32_t j = 0; j < n; j += 16) {
        const mve_pred16_t live = vctp8q((uint32_t)(n - j));
        const int8x16_t s = vldrbq_z_s8(row + j + 1, live);
        vstrbq_p_s8(row + j, s, live);
        acc = vmladavaq_p_s8(acc, s, vldrbq_z_s8(w + j, live), live);
    }
    return acc;
}

/* Each filter's time sum into sums[f] (its new state value in values[f], the state type's bits). */
static void time_sums(const mg_svdf_params *p, void *state, const void *weights_time, const int32_t *values,
                      int32_t *sums)
{
    const int32_t memory = p->memory, last = memory - 1;
    for (int32_t f = 0; f < p->filters; ++f) {
        if (p->state_bytes == 1) {
            int8_t *row = (int8_t *)state + f * memory;
            const int8_t *w = (const int8_t *)weights_time + f * memory;
            const int32_t shifted = shift_dot_s8(row, w, last);
            row[last] = (int8_t)values[f];
            sums[f] = (int32_t)((uint32_t)shifted + (uint32_t)(w[last] * row[last]));
        } else {
            int16_t *row = (int16_t *)state + f * memory;
            const int16_t *w = (const int16_t *)weights_time + f * memory;
            const int32_t shifted = shift_dot_s16(row, w, last);
            row[last] = (int16_t)values[f];
            sums[f] = (int32_t)((uint32_t)shifted + (uint32_t)(w[last] * row[last]));
        }
    }
}

void mg_svdf_s8_mve(const mg_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                    const void *weights_time, void *state, int8_t *output, int32_t *scratch)
{
    const int32_t filters = p->filters, units = filters / p->rank;
    const int32_t state_max = p->state_bytes == 1 ? INT8_MAX : INT16_MAX;
    const int32_t *feature_bias = p->backend_table, *unit_bias = p->backend_table + filters;
    int32_t *sums = scratch, *values = scratch + ((filters + 3) & ~3);
    for (int32_t b = 0; b < p->batches; ++b) {
        void *batch_state = (int8_t *)state + b * filters * p->memory * p->state_bytes;
        mve_row_sums_s8(input + b * p->input_size, weights_feature, p->input_size, filters, sums);
        for (int32_t f = 0; f < filters; f += 4) {
            const mve_pred16_t live = vctp32q((uint32_t)(filters - f));
            const int32x4_t acc = vaddq_s32(vldrwq_s32(sums + f), vldrwq_z_s32(feature_bias + f, live));
            int32x4_t v = mve_requant_n(acc, p->feature_multiplier, p->feature_shift);
            v = vminq_s32(vmaxq_s32(v, vdupq_n_s32(-state_max - 1)), vdupq_n_s32(state_max));
            vstrwq_s32(values + f, vaddq_n_s32(v, p->state_zero_point));
        }
        time_sums(p, batch_state, weights_time, values, sums);
        if (p->rank > 1) {
            for (int32_t u = 0; u < units; ++u) {
                uint32_t total = 0;
                for (int32_t r = 0; r < p->rank; ++r) {
                    total += (uint32_t)sums[u * p->rank + r];
                }
                sums[u] = (int32_t)total;
            }
        }
        int8_t *out = output + b * units;
        for (int32_t u = 0; u < units; u += 4) {
            const mve_pred16_t live = vctp32q((uint32_t)(units - u));
            const int32x4_t acc = vaddq_s32(vldrwq_s32(sums + u), vldrwq_z_s32(unit_bias + u, live));
            int32x4_t y = vaddq_n_s32(mve_requant_n(acc, p->output_multiplier, p->output_shift), p->output_zero_point);
            y = vminq_s32(vmaxq_s32(y, vdupq_n_s32(INT8_MIN)), vdupq_n_s32(INT8_MAX));
            vstrbq_p_s32(out + u, y, live);
        }
    }
}

static mg_status prepare(mg_node *node)
{
    const mg_svdf_params *p = node->params;
    const mg_tensor *input = mg_input(node, 0);
    if (!p->backend_table || !input || input->type != MG_INT8) {
        return mg_fail(node, "the mve SVDF takes int8 nodes with their backend table");
    }
    return mg_svdf_prepare(node, mg_svdf_s8_mve_scratch_size(p->filters));
}

static mg_status invoke(mg_node *node)
{
    mg_svdf_s8_mve(node->params, mg_input(node, 0)->data, mg_input(node, 1)->data, mg_input(node, 2)->data,
                   mg_input(node, 4)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_svdf_mve = {0, 0, prepare, invoke};

#endif
