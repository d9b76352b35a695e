/* int16 ADD in the dsp backend (Cortex-M4/M7/M33), bit-exact with TFLite Micro's reference AddElementwise /
 * BroadcastAdd6DSlow on int16 (add_s16.c: (x << 15) rescaled per input, summed, rescaled to the output), with the
 * reference's broadcasting: the walk of mg_broadcast.h one innermost row at a time, each input stepping by 1 or 0
 * along it. The generator claims nodes whose input zero points are 0 and whose shifts are right shifts, but for an
 * input of the larger scale (multiplier 2^30, shift 0, so its rescaled value is x << 14); then, as in
 * mg_dsp_requant.h, SaturatingRoundingDoublingHighMul(x << 15, m) = SMMULR(x << 16, m) and the rounding right
 * shift folds into SMMLAR's accumulator and one ASR, per input and for the output (twice the sum fits int32:
 * |sum| <= 2^30). Element i of each input is read before output i is written: the output may overwrite a
 * same-shape input. */
#pragma GCC optimize("O2")
#include "add.h"
#include "mg_broadcast.h"
#include "mg_dsp_requant.h"

typedef struct {
    int32_t multiplier, round, shift; /* a right shift e >= 1: round = 2^(e-1) */
    int identity;                     /* multiplier 2^30, shift 0: x << 14 */
} input_scale;

static input_scale input_scale_of(int32_t multiplier, int32_t shift)
{
    input_scale s;
    s.identity = shift == 0;
    s.multiplier = multiplier;
    s.shift = -shift;
    s.round = shift < 0 ? 1 << (-shift - 1) : 0;
    return s;
}

/* TFLite's MultiplyByQuantizedMultiplier(x << 15, m, -e) for int16 x. */
static inline __attribute__((always_inline)) int32_t rescale(int32_t x, int32_t multiplier, int32_t round,
                                                             int32_t shift, int identity)
{
    if (identity) {
        return x * (1 << 14);
    }
    const int32_t x16 = (int32_t)((uint32_t)x << 16);
    return dsp_smmlar(x16, multiplier, round + (x16 >> 31)) >> shift;
}

static inline int32_t rescale_input(int32_t x, const input_scale *s)
{
    return rescale(x, s->multiplier, s->round, s->shift, s->identity);
}

typedef struct {
    int32_t multiplier, offset, shift; /* offset = 2^(e-1) + zero point * 2^e (mg_dsp_requant.h) */
    int32_t act_min, act_max;
} output_scale;

static inline int16_t output_of(int32_t sum, const output_scale *o)
{
    return (int16_t)dsp_clamp(dsp_requant(2 * sum, o->multiplier, o->offset, o->shift), o->act_min, o->act_max);
}

/* A row of n outputs: input a steps; input b steps too (both), or its rescaled value is `other`; full_range: no
 * fused activation, one SSAT. The constants are held in locals, so that the loop keeps them in registers. */
static inline __attribute__((always_inline)) void row(const int16_t *a, const int16_t *b, int32_t other, int16_t *out,
                                                      int32_t n, const input_scale *sa, const input_scale *sb,
                                                      const output_scale *o, int id_a, int id_b, int both,
                                                      int full_range)
{
    const int32_t ma = sa->multiplier, ra = sa->round, ea = sa->shift;
    const int32_t mb = sb->multiplier, rb = sb->round, eb = sb->shift;
    const int32_t mo = o->multiplier, offset = o->offset, eo = o->shift, lo = o->act_min, hi = o->act_max;
    for (int32_t i = 0; i < n; ++i) {
        const int32_t sum = rescale(a[i], ma, ra, ea, id_a) + (both ? rescale(b[i], mb, rb, eb, id_b) : other);
        const int32_t v = dsp_requant(2 * sum, mo, offset, eo);
        out[i] = (int16_t)(full_range ? dsp_ssat16(v) : dsp_clamp(v, lo, hi));
    }
}

#define ROW(name, id_a, id_b, both)                                                                                    \
    static __attribute__((noinline)) void name(const int16_t *a, const int16_t *b, int32_t other, int16_t *out,        \
                                               int32_t n, const input_scale *sa, const input_scale *sb,                \
                                               const output_scale *o)                                                  \
    {                                                                                                                  \
        if (o->act_min == INT16_MIN && o->act_max == INT16_MAX) {                                                      \
            row(a, b, other, out, n, sa, sb, o, id_a, id_b, both, 1);                                                  \
        } else {                                                                                                       \
            row(a, b, other, out, n, sa, sb, o, id_a, id_b, both, 0);                                                  \
        }                                                                                                              \
    }
ROW(both_identity, 1, 1, 1)
ROW(both_first_identity, 1, 0, 1)
ROW(both_second_identity, 0, 1, 1)
ROW(one_identity, 1, 0, 0)
ROW(one_rescaled, 0, 0, 0)
#undef ROW

void mg_add_s16_dsp(const mg_add_params *p, const int16_t *input1, const int16_t *input2, int16_t *output)
{
    const input_scale s1 = input_scale_of(p->input1_multiplier, p->input1_shift);
    const input_scale s2 = input_scale_of(p->input2_multiplier, p->input2_shift);
    const int32_t e = -p->output_shift;
    const output_scale o = {p->output_multiplier, (int32_t)((1u << (e - 1)) + (uint32_t)p->output_offset * (1u << e)),
                            e, p->act_min, p->act_max};
    const int32_t inner = p->extents[MG_BCAST_DIMS - 1];
    const int32_t step1 = p->strides1[MG_BCAST_DIMS - 1], step2 = p->strides2[MG_BCAST_DIMS - 1];
    mg_bcast_cursor cur = {{0}, 0, 0};
    for (int32_t r = mg_bcast_rows(p->extents); r > 0; --r, output += inner) {
        const int16_t *a = input1 + cur.offset1, *b = input2 + cur.offset2;
        if (step1 && step2) {
            if (s1.identity && s2.identity) {
                both_identity(a, b, 0, output, inner, &s1, &s2, &o);
            } else if (s1.identity) {
                both_first_identity(a, b, 0, output, inner, &s1, &s2, &o);
            } else {
                both_second_identity(a, b, 0, output, inner, &s1, &s2, &o);
            }
        } else if (step1 || step2) {
            const int16_t *steps = step1 ? a : b;
            const input_scale *s = step1 ? &s1 : &s2;
            const int32_t other = step1 ? rescale_input(b[0], &s2) : rescale_input(a[0], &s1);
            (s->identity ? one_identity : one_rescaled)(steps, 0, other, output, inner, s, s, &o);
        } else {
            const int16_t v = output_of(rescale_input(a[0], &s1) + rescale_input(b[0], &s2), &o);
            for (int32_t i = 0; i < inner; ++i) {
                output[i] = v;
            }
        }
        mg_bcast_next_row(&cur, p->extents, p->strides1, p->strides2);
    }
}
