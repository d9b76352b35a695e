/* gemmlowp-style fixed-point logarithm on int32 raw values, step for step as TFLite's
 * log_x_for_x_greater_than_or_equal_to_1 (kernels/internal/common.h) computes it for LOG_SOFTMAX's reference
 * kernel. Values are Qk raws as in mg_fixedpoint_exp.h; plain adds and subtractions wrap. */
#ifndef MG_FIXEDPOINT_LOG_H
#define MG_FIXEDPOINT_LOG_H

#include <stdint.h>

#include "mg_fixedpoint_exp.h"

static inline int32_t mg_fxp_saturate_64(int64_t x)
{
    return x > INT32_MAX ? INT32_MAX : (x < INT32_MIN ? INT32_MIN : (int32_t)x);
}

static inline int mg_fxp_leading_zeros(int32_t x)
{
    return x == 0 ? 32 : __builtin_clz((uint32_t)x);
}

/* ln(x) as Q(output_bits) for a Q(input_bits) value x >= 1: x normalized two ways (as is and times sqrt(1/2)),
 * the closer one's power of two times ln 2 plus a rational approximation of the log of its mantissa. */
static inline int32_t mg_fxp_log_x_for_x_ge_1(int32_t x, int input_bits, int output_bits)
{
    const int accum_bits = output_bits + 1; /* one more bit of headroom while summing */
    const int32_t log_2 = 1488522236, sqrt_sqrt_half = 1805811301, sqrt_half = 1518500250; /* Q0 */
    const int32_t alpha_n = 117049297, alpha_d = 127690142, alpha_i = 1057819769, alpha_f = 638450708;
    const int32_t shifted_quarter = mg_fxp_rescale(536870912 /* 1/4 */, 0, accum_bits);

    const int z_a_headroom_plus_1 = mg_fxp_leading_zeros(x);
    const int32_t r_a = mg_fxp_mul_pot(mg_fxp_mul(mg_fxp_mul_pot(x, z_a_headroom_plus_1 - 1), sqrt_half), 1);
    const int32_t z_a_pow_2_adj = mg_fxp_saturate_64(
        (int64_t)mg_fxp_mul_pot(input_bits - z_a_headroom_plus_1, 31 - accum_bits) + shifted_quarter);

    const int z_b_headroom = mg_fxp_leading_zeros(mg_fxp_mul(x, sqrt_half)) - 1;
    const int32_t r_b = mg_fxp_mul_pot(x, z_b_headroom);
    const int32_t z_b_pow_2_adj =
        mg_fxp_saturate_64((int64_t)mg_fxp_mul_pot(input_bits - z_b_headroom, 31 - accum_bits) - shifted_quarter);

    const int32_t r = r_a < r_b ? r_a : r_b;
    const int32_t z_pow_2_adj = z_a_pow_2_adj > z_b_pow_2_adj ? z_a_pow_2_adj : z_b_pow_2_adj;

    const int32_t p = mg_fxp_rounding_half_sum(r, sqrt_sqrt_half);
    int32_t q = mg_fxp_sub(r, sqrt_sqrt_half);
    q = mg_fxp_add(q, q);
    const int32_t common_sq = mg_fxp_mul(q, q);
    const int32_t num = mg_fxp_add(mg_fxp_mul(q, r), mg_fxp_mul(mg_fxp_mul(q, common_sq), alpha_n));
    const int32_t denom_minus_one = mg_fxp_add(
        mg_fxp_mul(p, mg_fxp_add(mg_fxp_add(alpha_i, q), mg_fxp_mul(alpha_d, common_sq))), mg_fxp_mul(alpha_f, q));
    const int32_t recip_denom = mg_fxp_one_over_one_plus_x_for_x_in_0_1(denom_minus_one);

    const int32_t num_scaled = mg_fxp_rescale(num, 0, accum_bits);
    return mg_fxp_rescale(mg_fxp_add(mg_fxp_mul(z_pow_2_adj, log_2), mg_fxp_mul(num_scaled, recip_denom)), accum_bits,
                          output_bits);
}

#endif
