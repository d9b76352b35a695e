/* SignalRfft and SignalIrfft, int32 (TFLite Micro's signal/src/rfft_int32.cc and irfft_int32.cc, kissfft v130
 * built with FIXED_POINT 32): the int16 transforms' recursion and split (signal_rfft.c) with Q31 values, each
 * product in int64 rounded by (x + 2^30) >> 31, and the radix divisions as products with 2147483647 / radix.
 * Sums wrap in 32 bits, as the C code does on its hosts. */
#pragma GCC optimize("O2") /* the butterflies' 64-bit products: -Os would call a helper for each */
#include <string.h>

#include "signal.h"

typedef struct {
    int32_t r, i;
} cpx32;

static inline __attribute__((always_inline)) int32_t wrap(int64_t x)
{
    return (int32_t)(uint32_t)(uint64_t)x;
}

/* A product of two Q31 values (exact in 64 bits); sums of two wrap in 64 bits. */
static inline __attribute__((always_inline)) uint64_t product(int32_t a, int32_t b)
{
    return (uint64_t)((int64_t)a * b);
}

/* kissfft's sround() for 32 bits: (x + 2^30) >> 31, stored to int32. */
static inline __attribute__((always_inline)) int32_t round_q31(uint64_t x)
{
    return wrap((int64_t)(x + (1u << 30)) >> 31);
}

static inline __attribute__((always_inline)) cpx32 cmul32(cpx32 a, cpx32 b)
{
    cpx32 m = {round_q31(product(a.r, b.r) - product(a.i, b.i)), round_q31(product(a.r, b.i) + product(a.i, b.r))};
    return m;
}

static inline __attribute__((always_inline)) cpx32 fixdiv32(cpx32 a, int32_t reciprocal)
{
    cpx32 d = {round_q31(product(a.r, reciprocal)), round_q31(product(a.i, reciprocal))};
    return d;
}

static inline __attribute__((always_inline)) cpx32 add32(cpx32 a, cpx32 b)
{
    cpx32 s = {wrap((int64_t)a.r + b.r), wrap((int64_t)a.i + b.i)};
    return s;
}

static inline __attribute__((always_inline)) cpx32 sub32(cpx32 a, cpx32 b)
{
    cpx32 s = {wrap((int64_t)a.r - b.r), wrap((int64_t)a.i - b.i)};
    return s;
}

#define HALF (2147483647 / 2)
#define QUARTER (2147483647 / 4)

static void butterfly2(cpx32 *out, int32_t fstride, const cpx32 *twiddles, int32_t m)
{
    for (int32_t k = 0; k < m; ++k) {
        const cpx32 a = fixdiv32(out[k], HALF);
        const cpx32 t = cmul32(fixdiv32(out[k + m], HALF), twiddles[k * fstride]);
        out[k + m] = sub32(a, t);
        out[k] = add32(a, t);
    }
}

static void butterfly4(cpx32 *out, int32_t fstride, const cpx32 *twiddles, int32_t m, int inverse)
{
    for (int32_t k = 0; k < m; ++k) {
        const cpx32 a = fixdiv32(out[k], QUARTER);
        const cpx32 s0 = cmul32(fixdiv32(out[k + m], QUARTER), twiddles[k * fstride]);
        const cpx32 s1 = cmul32(fixdiv32(out[k + 2 * m], QUARTER), twiddles[2 * k * fstride]);
        const cpx32 s2 = cmul32(fixdiv32(out[k + 3 * m], QUARTER), twiddles[3 * k * fstride]);
        const cpx32 s5 = sub32(a, s1), sum = add32(a, s1);
        const cpx32 s3 = add32(s0, s2), s4 = sub32(s0, s2);
        out[k + 2 * m] = sub32(sum, s3);
        out[k] = add32(sum, s3);
        /* s4 turned a quarter, one way or the other */
        const cpx32 turned = {inverse ? wrap(-(int64_t)s4.i) : s4.i, inverse ? wrap(-(int64_t)s4.r) : s4.r};
        out[k + m].r = wrap((int64_t)s5.r + turned.r);
        out[k + m].i = wrap((int64_t)s5.i - turned.i);
        out[k + 3 * m].r = wrap((int64_t)s5.r - turned.r);
        out[k + 3 * m].i = wrap((int64_t)s5.i + turned.i);
    }
}

MG_SIGNAL_FFT_STAGE(cpx32, cpx32)

static inline __attribute__((always_inline)) cpx32 conjugate32(cpx32 c)
{
    cpx32 d = {c.r, wrap(-(int64_t)c.i)};
    return d;
}

void mg_signal_rfft_s32(const mg_signal_rfft_s32_params *p, const int32_t *input, int32_t *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    const cpx32 *twiddles = (const cpx32 *)(const void *)p->twiddles;
    const cpx32 *super = (const cpx32 *)(const void *)p->super_twiddles;
    int32_t *frame = scratch;
    cpx32 *bins = (cpx32 *)(void *)(frame + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        cpx32 *out = (cpx32 *)(void *)(output + 2 * f * p->output_length);
        memcpy(frame, input + f * p->input_length, (size_t)p->input_length * sizeof(int32_t));
        memset(frame + p->input_length, 0, (size_t)(p->fft_length - p->input_length) * sizeof(int32_t));
        fft_stage(bins, (const cpx32 *)(const void *)frame, 1, p->factors, twiddles, 0);
        const cpx32 dc = fixdiv32(bins[0], HALF);
        out[0].r = wrap((int64_t)dc.r + dc.i);
        out[n].r = wrap((int64_t)dc.r - dc.i);
        out[0].i = out[n].i = 0;
        for (int32_t k = 1; k <= n / 2; ++k) {
            const cpx32 fpk = fixdiv32(bins[k], HALF), fpnk = fixdiv32(conjugate32(bins[n - k]), HALF);
            const cpx32 f1k = add32(fpk, fpnk);
            const cpx32 tw = cmul32(sub32(fpk, fpnk), super[k - 1]);
            out[k].r = add32(f1k, tw).r >> 1;
            out[k].i = add32(f1k, tw).i >> 1;
            out[n - k].r = sub32(f1k, tw).r >> 1;
            out[n - k].i = wrap((int64_t)tw.i - f1k.i) >> 1;
        }
    }
}

void mg_signal_irfft_s32(const mg_signal_rfft_s32_params *p, const int32_t *input, int32_t *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    const cpx32 *twiddles = (const cpx32 *)(const void *)p->twiddles;
    const cpx32 *super = (const cpx32 *)(const void *)p->super_twiddles;
    cpx32 *merged = (cpx32 *)(void *)((int32_t *)scratch + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        const cpx32 *in = (const cpx32 *)(const void *)(input + 2 * f * p->input_length);
        const cpx32 dc = {wrap((int64_t)in[0].r + in[n].r), wrap((int64_t)in[0].r - in[n].r)};
        merged[0] = fixdiv32(dc, HALF);
        for (int32_t k = 1; k <= n / 2; ++k) {
            const cpx32 fk = fixdiv32(in[k], HALF), fnkc = fixdiv32(conjugate32(in[n - k]), HALF);
            const cpx32 fek = add32(fk, fnkc);
            const cpx32 fok = cmul32(sub32(fk, fnkc), super[k - 1]);
            merged[k] = add32(fek, fok);
            merged[n - k] = conjugate32(sub32(fek, fok));
        }
        fft_stage((cpx32 *)(void *)(output + f * p->output_length), merged, 1, p->factors, twiddles, 1);
    }
}
