/* SignalRfft and SignalIrfft, int16 (TFLite Micro's signal/src/rfft_int16.cc and irfft_int16.cc, which run
 * kissfft v130 built with FIXED_POINT 16). The forward transform copies each frame to the scratch, zero-pads it
 * to fft_length, sees it as fft_length / 2 complex values, gives them a mixed-radix decimation-in-time FFT
 * (kissfft's recursion: radix 4 stages, then one radix 2) and splits the result into the real signal's spectrum;
 * the inverse undoes the split, then runs the inverse FFT. Every butterfly first divides its inputs by its radix,
 * and every product rounds as kissfft's fixed point does, so the bits match. Only power-of-two lengths (radix 4
 * and 2) are accepted by the generator. Twiddle tables are computed on the host, as kissfft's alloc does. */
#pragma GCC optimize("O2") /* the butterflies are the audio front end's hot loop; -Os would call each product */
#include <string.h>

#include "signal.h"

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
#include <arm_acle.h>
#define SIGNAL_DSP 1
#endif

#define INLINE static inline __attribute__((always_inline))

/* A complex int16 value in one word, as TFLite Micro lays out Complex<int16_t>: real low, imaginary high. */
typedef uint32_t cpx;

INLINE int32_t re(cpx c)
{
    return (int16_t)(c & 0xFFFFu);
}

INLINE int32_t im(cpx c)
{
    return (int16_t)(c >> 16);
}

/* Both parts truncated to int16, as kissfft stores its sums. */
INLINE cpx pack(int32_t r, int32_t i)
{
    return ((uint32_t)r & 0xFFFFu) | ((uint32_t)i << 16);
}

/* kissfft's sround(): a Q15 product rounded; sums of products wrap in 32 bits as the C code does on its hosts. */
INLINE int32_t round_q15(uint32_t product)
{
    return (int32_t)(product + (1u << 14)) >> 15;
}

#ifdef SIGNAL_DSP
/* The DSP extension's lane-wise forms (Cortex-M4/M7/M33): 16-bit lanes wrap, 32-bit products and sums wrap,
 * exactly the C below. */
INLINE cpx c_add(cpx a, cpx b)
{
    return (cpx)__sadd16((int32_t)a, (int32_t)b);
}

INLINE cpx c_sub(cpx a, cpx b)
{
    return (cpx)__ssub16((int32_t)a, (int32_t)b);
}

INLINE cpx c_mul(cpx a, cpx b)
{
    return pack(round_q15((uint32_t)__smusd((int32_t)a, (int32_t)b)),
                round_q15((uint32_t)__smuadx((int32_t)a, (int32_t)b)));
}

INLINE cpx c_fixdiv(cpx a, int32_t reciprocal)
{
    return pack(__smlabb((int32_t)a, reciprocal, 1 << 14) >> 15, __smlatb((int32_t)a, reciprocal, 1 << 14) >> 15);
}

/* (a.r + b.i, a.i - b.r) and (a.r - b.i, a.i + b.r): a plus and minus b turned a quarter. */
INLINE cpx c_add_turned(cpx a, cpx b)
{
    return (cpx)__ssax((int32_t)a, (int32_t)b);
}

INLINE cpx c_sub_turned(cpx a, cpx b)
{
    return (cpx)__sasx((int32_t)a, (int32_t)b);
}
#else
INLINE cpx c_add(cpx a, cpx b)
{
    return pack(re(a) + re(b), im(a) + im(b));
}

INLINE cpx c_sub(cpx a, cpx b)
{
    return pack(re(a) - re(b), im(a) - im(b));
}

INLINE cpx c_mul(cpx a, cpx b)
{
    const uint32_t real = (uint32_t)(re(a) * re(b)) - (uint32_t)(im(a) * im(b));
    const uint32_t imag = (uint32_t)(re(a) * im(b)) + (uint32_t)(im(a) * re(b));
    return pack(round_q15(real), round_q15(imag));
}

INLINE cpx c_fixdiv(cpx a, int32_t reciprocal)
{
    return pack((re(a) * reciprocal + (1 << 14)) >> 15, (im(a) * reciprocal + (1 << 14)) >> 15);
}

INLINE cpx c_add_turned(cpx a, cpx b)
{
    return pack(re(a) + im(b), im(a) - re(b));
}

INLINE cpx c_sub_turned(cpx a, cpx b)
{
    return pack(re(a) - im(b), im(a) + re(b));
}
#endif

/* C_FIXDIV by 2 and by 4: a product with 32767 / radix. */
#define HALF (32767 / 2)
#define QUARTER (32767 / 4)

static void butterfly2(cpx *out, int32_t fstride, const int32_t *twiddles, int32_t m)
{
    cpx *out2 = out + m;
    const int32_t *tw = twiddles;
    for (int32_t k = 0; k < m; ++k, tw += fstride) {
        const cpx a = c_fixdiv(out[k], HALF);
        const cpx t = c_mul(c_fixdiv(out2[k], HALF), (cpx)*tw);
        out2[k] = c_sub(a, t);
        out[k] = c_add(a, t);
    }
}

static void butterfly4(cpx *out, int32_t fstride, const int32_t *twiddles, int32_t m, int inverse)
{
    const int32_t *tw1 = twiddles, *tw2 = twiddles, *tw3 = twiddles;
    for (int32_t k = 0; k < m; ++k, tw1 += fstride, tw2 += 2 * fstride, tw3 += 3 * fstride) {
        const cpx a = c_fixdiv(out[k], QUARTER);
        const cpx s0 = c_mul(c_fixdiv(out[k + m], QUARTER), (cpx)*tw1);
        const cpx s1 = c_mul(c_fixdiv(out[k + 2 * m], QUARTER), (cpx)*tw2);
        const cpx s2 = c_mul(c_fixdiv(out[k + 3 * m], QUARTER), (cpx)*tw3);
        const cpx s5 = c_sub(a, s1), sum = c_add(a, s1);
        const cpx s3 = c_add(s0, s2), s4 = c_sub(s0, s2);
        out[k + 2 * m] = c_sub(sum, s3);
        out[k] = c_add(sum, s3);
        /* the quarter turn of s4 goes the other way in the inverse transform */
        out[k + m] = inverse ? c_sub_turned(s5, s4) : c_add_turned(s5, s4);
        out[k + 3 * m] = inverse ? c_add_turned(s5, s4) : c_sub_turned(s5, s4);
    }
}

MG_SIGNAL_FFT_STAGE(cpx, int32_t)

INLINE cpx conjugate(cpx c)
{
    return pack(re(c), -im(c));
}

/* kissfft's kiss_fftr: the half-length complex FFT, then the split of its bins into the real spectrum. */
static void real_fft(const mg_signal_rfft_params *p, const cpx *samples, cpx *bins, cpx *out)
{
    const int32_t n = p->fft_length / 2;
    fft_stage(bins, samples, 1, p->factors, p->twiddles, 0);
    const cpx dc = c_fixdiv(bins[0], HALF);
    out[0] = pack(re(dc) + im(dc), 0);
    out[n] = pack(re(dc) - im(dc), 0);
    for (int32_t k = 1; k <= n / 2; ++k) {
        const cpx fpk = c_fixdiv(bins[k], HALF), fpnk = c_fixdiv(conjugate(bins[n - k]), HALF);
        const cpx f1k = c_add(fpk, fpnk);
        const cpx tw = c_mul(c_sub(fpk, fpnk), (cpx)p->super_twiddles[k - 1]);
        out[k] = pack((re(f1k) + re(tw)) >> 1, (im(f1k) + im(tw)) >> 1);
        out[n - k] = pack((re(f1k) - re(tw)) >> 1, (im(tw) - im(f1k)) >> 1);
    }
}

void mg_signal_rfft_s16(const mg_signal_rfft_params *p, const int16_t *input, int16_t *output, void *scratch)
{
    int16_t *frame = scratch;
    cpx *bins = (cpx *)(void *)(frame + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        memcpy(frame, input + f * p->input_length, (size_t)p->input_length * sizeof(int16_t));
        memset(frame + p->input_length, 0, (size_t)(p->fft_length - p->input_length) * sizeof(int16_t));
        real_fft(p, (const cpx *)(const void *)frame, bins, (cpx *)(void *)(output + 2 * f * p->output_length));
    }
}

/* kissfft's kiss_fftri: each frame's spectrum merged back into fft_length / 2 complex values (halved, as the
 * forward split halves), then the half-length inverse FFT writes the frame's samples. */
void mg_signal_irfft_s16(const mg_signal_irfft_params *p, const int16_t *input, int16_t *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    cpx *merged = scratch;
    for (int32_t f = 0; f < p->frames; ++f) {
        const cpx *in = (const cpx *)(const void *)(input + 2 * f * p->input_length);
        merged[0] = c_fixdiv(pack(re(in[0]) + re(in[n]), re(in[0]) - re(in[n])), HALF);
        for (int32_t k = 1; k <= n / 2; ++k) {
            const cpx fk = c_fixdiv(in[k], HALF), fnkc = c_fixdiv(conjugate(in[n - k]), HALF);
            const cpx fek = c_add(fk, fnkc);
            const cpx fok = c_mul(c_sub(fk, fnkc), (cpx)p->super_twiddles[k - 1]);
            merged[k] = c_add(fek, fok);
            merged[n - k] = conjugate(c_sub(fek, fok));
        }
        fft_stage((cpx *)(void *)(output + f * p->fft_length), merged, 1, p->factors, p->twiddles, 1);
    }
}
