/* SignalRfft and SignalIrfft, float32 (TFLite Micro's signal/src/rfft_float.cc and irfft_float.cc, kissfft v130
 * built for float): the int16 transforms' recursion and split (signal_rfft.c) in float, without the fixed
 * point's divisions, each sum and product in kissfft's order (no fused multiply-adds: -ffp-contract=off), and
 * the half of the split as a product with 0.5f (TFLite Micro's kissfft patch). The inverse output is divided by
 * fft_length, as TFLite Micro's wrapper does. */
#include <string.h>

#include "signal.h"

typedef struct {
    float r, i;
} cpxf;

static inline cpxf cmulf(cpxf a, cpxf b)
{
    cpxf m = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
    return m;
}

static void butterfly2(cpxf *out, int32_t fstride, const cpxf *twiddles, int32_t m)
{
    for (int32_t k = 0; k < m; ++k) {
        const cpxf t = cmulf(out[k + m], twiddles[k * fstride]);
        out[k + m].r = out[k].r - t.r;
        out[k + m].i = out[k].i - t.i;
        out[k].r += t.r;
        out[k].i += t.i;
    }
}

static void butterfly4(cpxf *out, int32_t fstride, const cpxf *twiddles, int32_t m, int inverse)
{
    for (int32_t k = 0; k < m; ++k) {
        const cpxf s0 = cmulf(out[k + m], twiddles[k * fstride]);
        const cpxf s1 = cmulf(out[k + 2 * m], twiddles[2 * k * fstride]);
        const cpxf s2 = cmulf(out[k + 3 * m], twiddles[3 * k * fstride]);
        const cpxf s5 = {out[k].r - s1.r, out[k].i - s1.i};
        out[k].r += s1.r;
        out[k].i += s1.i;
        const cpxf s3 = {s0.r + s2.r, s0.i + s2.i}, s4 = {s0.r - s2.r, s0.i - s2.i};
        out[k + 2 * m].r = out[k].r - s3.r;
        out[k + 2 * m].i = out[k].i - s3.i;
        out[k].r += s3.r;
        out[k].i += s3.i;
        if (inverse) {
            out[k + m].r = s5.r - s4.i;
            out[k + m].i = s5.i + s4.r;
            out[k + 3 * m].r = s5.r + s4.i;
            out[k + 3 * m].i = s5.i - s4.r;
        } else {
            out[k + m].r = s5.r + s4.i;
            out[k + m].i = s5.i - s4.r;
            out[k + 3 * m].r = s5.r - s4.i;
            out[k + 3 * m].i = s5.i + s4.r;
        }
    }
}

MG_SIGNAL_FFT_STAGE(cpxf, cpxf)

void mg_signal_rfft_f32(const mg_signal_rfft_f32_params *p, const float *input, float *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    const cpxf *twiddles = (const cpxf *)(const void *)p->twiddles;
    const cpxf *super = (const cpxf *)(const void *)p->super_twiddles;
    float *frame = scratch;
    cpxf *bins = (cpxf *)(void *)(frame + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        cpxf *out = (cpxf *)(void *)(output + 2 * f * p->output_length);
        memcpy(frame, input + f * p->input_length, (size_t)p->input_length * sizeof(float));
        memset(frame + p->input_length, 0, (size_t)(p->fft_length - p->input_length) * sizeof(float));
        fft_stage(bins, (const cpxf *)(const void *)frame, 1, p->factors, twiddles, 0);
        const cpxf dc = bins[0];
        out[0].r = dc.r + dc.i;
        out[n].r = dc.r - dc.i;
        out[0].i = out[n].i = 0.0f;
        for (int32_t k = 1; k <= n / 2; ++k) {
            const cpxf fpk = bins[k], fpnk = {bins[n - k].r, -bins[n - k].i};
            const cpxf f1k = {fpk.r + fpnk.r, fpk.i + fpnk.i}, f2k = {fpk.r - fpnk.r, fpk.i - fpnk.i};
            const cpxf tw = cmulf(f2k, super[k - 1]);
            out[k].r = (f1k.r + tw.r) * 0.5f;
            out[k].i = (f1k.i + tw.i) * 0.5f;
            out[n - k].r = (f1k.r - tw.r) * 0.5f;
            out[n - k].i = (tw.i - f1k.i) * 0.5f;
        }
    }
}

void mg_signal_irfft_f32(const mg_signal_rfft_f32_params *p, const float *input, float *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    const cpxf *twiddles = (const cpxf *)(const void *)p->twiddles;
    const cpxf *super = (const cpxf *)(const void *)p->super_twiddles;
    cpxf *merged = (cpxf *)(void *)((float *)scratch + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        const cpxf *in = (const cpxf *)(const void *)(input + 2 * f * p->input_length);
        float *out = output + f * p->output_length;
        merged[0].r = in[0].r + in[n].r;
        merged[0].i = in[0].r - in[n].r;
        for (int32_t k = 1; k <= n / 2; ++k) {
            const cpxf fk = in[k], fnkc = {in[n - k].r, -in[n - k].i};
            const cpxf fek = {fk.r + fnkc.r, fk.i + fnkc.i}, diff = {fk.r - fnkc.r, fk.i - fnkc.i};
            const cpxf fok = cmulf(diff, super[k - 1]);
            merged[k].r = fek.r + fok.r;
            merged[k].i = fek.i + fok.i;
            merged[n - k].r = fek.r - fok.r;
            merged[n - k].i = -(fek.i - fok.i);
        }
        fft_stage((cpxf *)(void *)out, merged, 1, p->factors, twiddles, 1);
        for (int32_t i = 0; i < p->fft_length; ++i) {
            out[i] /= (float)p->fft_length;
        }
    }
}
