/* MINIMUM, int16, mve backend: maximum_minimum_rows.h's rows 8 elements a vector
 * (VMIN), the last vector predicated. */
#pragma GCC optimize("O3")
#include "maximum_minimum_rows.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

static inline void row_both(int16_t *out, const int16_t *a, const int16_t *b, int32_t n)
{
    for (int32_t i = 0; i < n; i += 8) {
        const mve_pred16_t live = vctp16q((uint32_t)(n - i));
        vstrhq_p_s16(out + i, vminq_x_s16(vldrhq_z_s16(a + i, live), vldrhq_z_s16(b + i, live), live), live);
    }
}

static inline void row_one(int16_t *out, const int16_t *a, int16_t value, int32_t n)
{
    const int16x8_t v = vdupq_n_s16(value);
    for (int32_t i = 0; i < n; i += 8) {
        const mve_pred16_t live = vctp16q((uint32_t)(n - i));
        vstrhq_p_s16(out + i, vminq_x_s16(vldrhq_z_s16(a + i, live), v, live), live);
    }
}

void mg_minimum_s16_mve(const mg_maximum_minimum_params *p, const int16_t *input1, const int16_t *input2,
                        int16_t *output)
{
    MG_MAXIMUM_MINIMUM_ROWS(int16_t, p, input1, input2, output, row_both, row_one, MG_MINIMUM_STEP);
}

#endif
