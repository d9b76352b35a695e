#pragma GCC optimize("O3")
#include "mg_dw_multiplier.h"

size_t mg_depthwise_conv_2d_multiplier_s8_mve_scratch_size(int32_t filter_height, int32_t filter_width,
                                                           int32_t block_pixels, int32_t stride_width,
                                                           int32_t dilation_width)
{
    return mg_dw_multiplier_scratch_bytes(filter_height, filter_width, block_pixels, stride_width, dilation_width);
}

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>

/* Two filters over the run (mg_dw_multiplier_dot): per eight int16 pairs of taps one vector of the run and one of
 * each filter, two VMLADAVA (16 MACs in 5 instructions). */
static inline __attribute__((always_inline)) const uint32_t *pair(const uint32_t *run, const uint32_t *w, int32_t words,
                                                                  const dsp_channel *ch, int32_t *v)
{
    int32_t s0 = ch[0].bias, s1 = ch[1].bias;
    const int16_t *x = (const int16_t *)run, *wp = (const int16_t *)w;
    for (int32_t k = 0; k < words; k += 4, x += 8, wp += 16) {
        const int16x8_t xv = vldrhq_s16(x);
        s0 = vmladavaq_s16(s0, xv, vldrhq_s16(wp));
        s1 = vmladavaq_s16(s1, xv, vldrhq_s16(wp + 8));
    }
    v[0] = dsp_requant(s0, ch[0].multiplier, ch[0].offset, ch[0].shift);
    v[1] = dsp_requant(s1, ch[1].multiplier, ch[1].offset, ch[1].shift);
    return (const uint32_t *)wp;
}

/* One filter (an odd multiplier's last) over the run, its weights in order. */
static inline __attribute__((always_inline)) const uint32_t *single(const uint32_t *run, const uint32_t *w,
                                                                    int32_t words, const dsp_channel *ch, int32_t *v)
{
    int32_t s0 = ch->bias;
    const int16_t *x = (const int16_t *)run, *wp = (const int16_t *)w;
    for (int32_t k = 0; k < words; k += 4, x += 8, wp += 8) {
        s0 = vmladavaq_s16(s0, vldrhq_s16(x), vldrhq_s16(wp));
    }
    *v = dsp_requant(s0, ch->multiplier, ch->offset, ch->shift);
    return (const uint32_t *)wp;
}

/* Two pairs of filters over the run (their pairs' weights one after the other): one vector of the run for four
 * VMLADAVA (32 MACs in 6 instructions). Requantized into v[0 .. 3]; returns the weights after them. */
static inline __attribute__((always_inline)) const uint32_t *quad(const uint32_t *run, const uint32_t *w, int32_t words,
                                                                  const dsp_channel *ch, int32_t *v)
{
    int32_t s0 = ch[0].bias, s1 = ch[1].bias, s2 = ch[2].bias, s3 = ch[3].bias;
    const int16_t *x = (const int16_t *)run, *wa = (const int16_t *)w, *wb = (const int16_t *)(w + 2 * words);
    for (int32_t k = 0; k < words; k += 4, x += 8, wa += 16, wb += 16) {
        const int16x8_t xv = vldrhq_s16(x);
        s0 = vmladavaq_s16(s0, xv, vldrhq_s16(wa));
        s1 = vmladavaq_s16(s1, xv, vldrhq_s16(wa + 8));
        s2 = vmladavaq_s16(s2, xv, vldrhq_s16(wb));
        s3 = vmladavaq_s16(s3, xv, vldrhq_s16(wb + 8));
    }
    v[0] = dsp_requant(s0, ch[0].multiplier, ch[0].offset, ch[0].shift);
    v[1] = dsp_requant(s1, ch[1].multiplier, ch[1].offset, ch[1].shift);
    v[2] = dsp_requant(s2, ch[2].multiplier, ch[2].offset, ch[2].shift);
    v[3] = dsp_requant(s3, ch[3].multiplier, ch[3].offset, ch[3].shift);
    return (const uint32_t *)wb;
}

/* A pixel (mg_dw_multiplier_pixel): four filters at a time, then the rest in pairs and alone. */
static const uint32_t *pixel(const uint32_t *run, const uint32_t *w, int32_t words, const dsp_channel *ch, int8_t *out,
                             int32_t multiplier, int32_t act_min, int32_t act_max)
{
    int32_t m = 0;
    for (; m + 4 <= multiplier; m += 4, ch += 4) {
        int32_t v[4];
        w = quad(run, w, words, ch, v);
        for (int32_t i = 0; i < 4; ++i) {
            *out++ = (int8_t)dsp_clamp(v[i], act_min, act_max);
        }
    }
    return mg_dw_multiplier_pixel_pairs(run, w, words, ch, out, multiplier - m, act_min, act_max, pair, single);
}

void mg_depthwise_conv_2d_multiplier_s8_mve(const mg_depthwise_conv_2d_multiplier_dsp_params *p, const int8_t *input,
                                            const int8_t *filter, int8_t *output, void *scratch)
{
    (void)filter; /* the generator's doubled int16 copy (p->weights) is read instead */
    mg_dw_multiplier_run(p, input, output, scratch, pixel);
}

#endif
