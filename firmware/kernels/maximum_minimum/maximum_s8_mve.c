/* MAXIMUM, int8, mve backend: maximum_minimum_rows.h's rows 16 elements a vector
 * (VMAX), the last vector predicated. */
#pragma GCC optimize("O3")
#include "maximum_minimum_rows.h"

#if defined(__ARM_FEATURE_MVE)

#include <arm_mve.h>

static inline void row_both(int8_t *out, const int8_t *a, const int8_t *b, int32_t n)
{
    for (int32_t i = 0; i < n; i += 16) {
        const mve_pred16_t live = vctp8q((uint32_t)(n - i));
        vstrbq_p_s8(out + i, vmaxq_x_s8(vldrbq_z_s8(a + i, live), vldrbq_z_s8(b + i, live), live), live);
    }
}

static inline void row_one(int8_t *out, const int8_t *a, int8_t value, int32_t n)
{
    const int8x16_t v = vdupq_n_s8(value);
    for (int32_t i = 0; i < n; i += 16) {
        const mve_pred16_t live = vctp8q((uint32_t)(n - i));
        vstrbq_p_s8(out + i, vmaxq_x_s8(vldrbq_z_s8(a + i, live), v, live), live);
    }
}

void mg_maximum_s8_mve(const mg_maximum_minimum_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    MG_MAXIMUM_MINIMUM_ROWS(int8_t, p, input1, input2, output, row_both, row_one, MG_MAXIMUM_STEP);
}

#endif
