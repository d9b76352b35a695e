#include <string.h>

#include "mg_requant.h"

/* A positive finite float32 as m * 2^*exponent with m in [2^23, 2^24) (subnormals normalized); 0 for zero,
 * negative, infinite and NaN scales. */
static uint32_t unpack(uint32_t bits, int32_t *exponent)
{
    uint32_t biased = bits >> 23; /* the sign bit makes a negative value's field 0x100 or more */
    uint32_t m = bits & 0x7FFFFFu;
    if (biased >= 0xFFu || (biased == 0 && m == 0)) {
        return 0;
    }
    if (biased == 0) { /* subnormal: m * 2^-149 */
        int32_t e = -149;
        while (m < 0x800000u) {
            m <<= 1;
            --e;
        }
        *exponent = e;
        return m;
    }
    *exponent = (int32_t)biased - 150;
    return m | 0x800000u;
}

void mg_quantize_multiplier_from_scales(uint32_t in_scale_bits, uint32_t w_scale_bits, uint32_t out_scale_bits,
                                        int32_t *multiplier, int32_t *shift)
{
    int32_t ea = 0, eb = 0, ec = 0;
    uint32_t a = unpack(in_scale_bits, &ea), b = unpack(w_scale_bits, &eb), c = unpack(out_scale_bits, &ec);
    *multiplier = 0;
    *shift = 0;
    if (!a || !b || !c) {
        return;
    }
    /* real = n / c * 2^(ea + eb - ec); the product n is exact, as the double product is. */
    uint64_t n = (uint64_t)a * b; /* [2^46, 2^48) */

    /* q = floor(n * 2^32 / c) and its remainder r, by long division in 8-bit digits: r < c < 2^24 keeps each
     * step a 32-bit division. q lies in [2^54, 2^57): at least 55 bits, so its rounding is exact below. */
    uint32_t r = (uint32_t)(n >> 24);
    uint32_t digits = (uint32_t)n << 8; /* the low 24 bits of n, then zeros */
    uint64_t q = r / c;
    r -= (uint32_t)q * c;
    for (int i = 0; i < 7; ++i) {
        uint32_t x = (r << 8) | (digits >> 24);
        uint32_t d = x / c;
        r = x - d * c;
        digits <<= 8;
        q = (q << 8) | d;
    }

    /* The double quotient: q rounded to 53 bits, to nearest, ties to even; r != 0 is the sticky bit. */
    uint32_t top = (uint32_t)(q >> 32); /* [2^22, 2^25) */
    int drop = top >= (1u << 24) ? 4 : (top >= (1u << 23) ? 3 : 2);
    uint64_t half = 1ull << (drop - 1);
    uint64_t rest = q & ((half << 1) - 1);
    uint64_t m = q >> drop; /* [2^52, 2^53) */
    if (rest > half || (rest == half && (r != 0 || (m & 1)))) {
        ++m; /* may reach 2^53: the carry below handles it as frexp would */
    }
    int32_t e = ea + eb - ec + drop + 21; /* frexp: real = (m / 2^53) * 2^e */

    /* QuantizeMultiplier: round(fraction * 2^31), halves away from zero, then its carry and underflow. */
    uint64_t q31 = (m + (1ull << 21)) >> 22;
    if (q31 == (1ull << 31)) {
        q31 >>= 1;
        ++e;
    }
    if (e < -31) {
        return;
    }
    *multiplier = (int32_t)q31;
    *shift = e;
}

static uint32_t float_bits(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

void mg_requant_channel(float input_scale, float output_scale, const uint8_t *filter_scales, int per_channel, int32_t c,
                        int32_t *multiplier, int32_t *shift)
{
    uint32_t w_bits;
    memcpy(&w_bits, filter_scales + (per_channel ? 4 * c : 0), sizeof w_bits);
    mg_quantize_multiplier_from_scales(float_bits(input_scale), w_bits, float_bits(output_scale), multiplier, shift);
}

int32_t mg_dot_s8(const int8_t *x, const int8_t *w, int32_t n, int32_t input_offset)
{
    return mg_dot_s8_inline(x, w, n, input_offset);
}
