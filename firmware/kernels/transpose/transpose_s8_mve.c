/* TRANSPOSE, int8, mve backend (Cortex-M55 Helium): MG_TRANSPOSE_ROWS's walk, each output row of bytes read `step`
 * apart gathered sixteen at a time (VLDRB gather with 8-bit offsets 0, step, .., 15 step) when 15 step fits a byte,
 * else eight (16-bit offsets, a narrowing VSTRB) or four (32-bit offsets, when 7 step does not fit 16 bits), the
 * last load and store predicated; a contiguous
 * row copied (mg_mve.h). The reference moves byte by byte. */
#pragma GCC optimize("O3")
#include "transpose.h"

#if defined(__ARM_FEATURE_MVE)

#include "mg_mve.h"

static inline void row(int8_t *out, const int8_t *in, int32_t n, int32_t step)
{
    const uint8_t *s = (const uint8_t *)in;
    if (step == 1) {
        mve_copy_s8(out, in, n);
    } else if (15 * step <= UINT8_MAX) {
        const uint8x16_t offsets = vmulq_n_u8(vidupq_n_u8(0, 1), (uint8_t)step);
        for (int32_t i = 0; i < n; i += 16, s += 16 * step) {
            const mve_pred16_t live = vctp8q((uint32_t)(n - i));
            vstrbq_p_u8((uint8_t *)out + i, vldrbq_gather_offset_z_u8(s, offsets, live), live);
        }
    } else if (7 * step <= UINT16_MAX) {
        const uint16x8_t offsets = vmulq_n_u16(vidupq_n_u16(0, 1), (uint16_t)step);
        for (int32_t i = 0; i < n; i += 8, s += 8 * step) {
            const mve_pred16_t live = vctp16q((uint32_t)(n - i));
            vstrbq_p_u16((uint8_t *)out + i, vldrbq_gather_offset_z_u16(s, offsets, live), live);
        }
    } else {
        const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0, 1), (uint32_t)step);
        for (int32_t i = 0; i < n; i += 4, s += 4 * step) {
            const mve_pred16_t live = vctp32q((uint32_t)(n - i));
            vstrbq_p_u32((uint8_t *)out + i, vldrbq_gather_offset_z_u32(s, offsets, live), live);
        }
    }
}

void mg_transpose_s8_mve(const mg_transpose_params *p, const int8_t *input, int8_t *output)
{
    MG_TRANSPOSE_ROWS(p, input, output, row);
}

static mg_status invoke(mg_node *node)
{
    const mg_tensor *input = mg_input(node, 0);
    int8_t *output = mg_output(node, 0)->data;
    if (output != (const int8_t *)input->data) { /* else a view: the permutation moves only axes of extent 1 */
        mg_transpose_s8_mve(node->params, input->data, output);
    }
    return MG_OK;
}

/* The catalog gives this backend int8 nodes only. */
const mg_registration mg_register_transpose_mve = {0, 0, mg_transpose_prepare, invoke};

#endif
