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

typedef struct {
    int16_t r, i;
} cpx16;

/* kissfft's sround(): a Q15 product rounded to int16; the sums wrap in 32 bits as the C code does on its hosts. */
static inline __attribute__((always_inline)) int16_t round_q15(uint32_t product)
{
    return (int16_t)((int32_t)(product + (1u << 14)) >> 15);
}

static inline __attribute__((always_inline)) uint32_t product(int16_t a, int16_t b)
{
    return (uint32_t)((int32_t)a * b);
}

static inline __attribute__((always_inline)) cpx16 unpack(int32_t packed)
{
    cpx16 c = {(int16_t)(packed & 0xFFFF), (int16_t)(packed >> 16)};
    return c;
}

static inline __attribute__((always_inline)) cpx16 cmul(cpx16 a, cpx16 b)
{
    cpx16 m;
    m.r = round_q15(product(a.r, b.r) - product(a.i, b.i));
    m.i = round_q15(product(a.r, b.i) + product(a.i, b.r));
    return m;
}

/* C_FIXDIV: a value divided by the radix, as a product with 32767 / radix. */
static inline __attribute__((always_inline)) void fixdiv(cpx16 *c, int16_t reciprocal)
{
    c->r = round_q15(product(c->r, reciprocal));
    c->i = round_q15(product(c->i, reciprocal));
}

static void butterfly2(cpx16 *out, int32_t fstride, const int32_t *twiddles, int32_t m)
{
    cpx16 *out2 = out + m;
    const int32_t *tw = twiddles;
    for (int32_t k = 0; k < m; ++k, ++out, ++out2, tw += fstride) {
        fixdiv(out, 32767 / 2);
        fixdiv(out2, 32767 / 2);
        const cpx16 t = cmul(*out2, unpack(*tw));
        out2->r = (int16_t)(out->r - t.r);
        out2->i = (int16_t)(out->i - t.i);
        out->r = (int16_t)(out->r + t.r);
        out->i = (int16_t)(out->i + t.i);
    }
}

static void butterfly4(cpx16 *out, int32_t fstride, const int32_t *twiddles, int32_t m, int inverse)
{
    const int32_t *tw1 = twiddles, *tw2 = twiddles, *tw3 = twiddles;
    for (int32_t k = 0; k < m; ++k, ++out, tw1 += fstride, tw2 += 2 * fstride, tw3 += 3 * fstride) {
        for (int32_t q = 0; q < 4; ++q) fixdiv(&out[q * m], 32767 / 4);
        const cpx16 s0 = cmul(out[m], unpack(*tw1)), s1 = cmul(out[2 * m], unpack(*tw2));
        const cpx16 s2 = cmul(out[3 * m], unpack(*tw3));
        const cpx16 s5 = {(int16_t)(out->r - s1.r), (int16_t)(out->i - s1.i)};
        out->r = (int16_t)(out->r + s1.r);
        out->i = (int16_t)(out->i + s1.i);
        const cpx16 s3 = {(int16_t)(s0.r + s2.r), (int16_t)(s0.i + s2.i)};
        const cpx16 s4 = {(int16_t)(s0.r - s2.r), (int16_t)(s0.i - s2.i)};
        out[2 * m].r = (int16_t)(out->r - s3.r);
        out[2 * m].i = (int16_t)(out->i - s3.i);
        out->r = (int16_t)(out->r + s3.r);
        out->i = (int16_t)(out->i + s3.i);
        /* the quarter turn of s4 goes the other way in the inverse transform */
        const int16_t turn_r = (int16_t)(inverse ? -s4.i : s4.i), turn_i = (int16_t)(inverse ? -s4.r : s4.r);
        out[m].r = (int16_t)(s5.r + turn_r);
        out[m].i = (int16_t)(s5.i - turn_i);
        out[3 * m].r = (int16_t)(s5.r - turn_r);
        out[3 * m].i = (int16_t)(s5.i + turn_i);
    }
}

/* kissfft's kf_work: the sub-transforms of every radix-th input, then this stage's butterflies over them. */
static void fft_stage(cpx16 *out, const cpx16 *in, int32_t fstride, const int32_t *factors, const int32_t *twiddles,
                      int inverse)
{
    const int32_t radix = factors[0], m = factors[1];
    for (int32_t j = 0; j < radix; ++j) {
        if (m == 1) {
            out[j] = in[j * fstride];
        } else {
            fft_stage(out + j * m, in + j * fstride, fstride * radix, factors + 2, twiddles, inverse);
        }
    }
    if (radix == 4) {
        butterfly4(out, fstride, twiddles, m, inverse);
    } else {
        butterfly2(out, fstride, twiddles, m);
    }
}

/* kissfft's kiss_fftr: the half-length complex FFT, then the split of its bins into the real spectrum. */
static void real_fft(const mg_signal_rfft_params *p, const cpx16 *samples, cpx16 *bins, cpx16 *out)
{
    const int32_t n = p->fft_length / 2;
    fft_stage(bins, samples, 1, p->factors, p->twiddles, 0);
    cpx16 dc = bins[0];
    fixdiv(&dc, 32767 / 2);
    out[0].r = (int16_t)(dc.r + dc.i);
    out[n].r = (int16_t)(dc.r - dc.i);
    out[0].i = out[n].i = 0;
    for (int32_t k = 1; k <= n / 2; ++k) {
        cpx16 fpk = bins[k];
        cpx16 fpnk = {bins[n - k].r, (int16_t)-bins[n - k].i};
        fixdiv(&fpk, 32767 / 2);
        fixdiv(&fpnk, 32767 / 2);
        const cpx16 f1k = {(int16_t)(fpk.r + fpnk.r), (int16_t)(fpk.i + fpnk.i)};
        const cpx16 f2k = {(int16_t)(fpk.r - fpnk.r), (int16_t)(fpk.i - fpnk.i)};
        const cpx16 tw = cmul(f2k, unpack(p->super_twiddles[k - 1]));
        out[k].r = (int16_t)((f1k.r + tw.r) >> 1);
        out[k].i = (int16_t)((f1k.i + tw.i) >> 1);
        out[n - k].r = (int16_t)((f1k.r - tw.r) >> 1);
        out[n - k].i = (int16_t)((tw.i - f1k.i) >> 1);
    }
}

void mg_signal_rfft_s16(const mg_signal_rfft_params *p, const int16_t *input, int16_t *output, void *scratch)
{
    int16_t *frame = scratch;
    cpx16 *bins = (cpx16 *)(void *)(frame + p->fft_length);
    for (int32_t f = 0; f < p->frames; ++f) {
        memcpy(frame, input + f * p->input_length, (size_t)p->input_length * sizeof(int16_t));
        memset(frame + p->input_length, 0, (size_t)(p->fft_length - p->input_length) * sizeof(int16_t));
        real_fft(p, (const cpx16 *)(const void *)frame, bins, (cpx16 *)(void *)(output + 2 * f * p->output_length));
    }
}

/* kissfft's kiss_fftri: each frame's spectrum merged back into fft_length / 2 complex values (halved, as the
 * forward split halves), then the half-length inverse FFT writes the frame's samples. */
void mg_signal_irfft_s16(const mg_signal_irfft_params *p, const int16_t *input, int16_t *output, void *scratch)
{
    const int32_t n = p->fft_length / 2;
    cpx16 *merged = scratch;
    for (int32_t f = 0; f < p->frames; ++f) {
        const cpx16 *in = (const cpx16 *)(const void *)(input + 2 * f * p->input_length);
        cpx16 dc = {(int16_t)(in[0].r + in[n].r), (int16_t)(in[0].r - in[n].r)};
        fixdiv(&dc, 32767 / 2);
        merged[0] = dc;
        for (int32_t k = 1; k <= n / 2; ++k) {
            cpx16 fk = in[k];
            cpx16 fnkc = {in[n - k].r, (int16_t)-in[n - k].i};
            fixdiv(&fk, 32767 / 2);
            fixdiv(&fnkc, 32767 / 2);
            const cpx16 fek = {(int16_t)(fk.r + fnkc.r), (int16_t)(fk.i + fnkc.i)};
            const cpx16 diff = {(int16_t)(fk.r - fnkc.r), (int16_t)(fk.i - fnkc.i)};
            const cpx16 fok = cmul(diff, unpack(p->super_twiddles[k - 1]));
            merged[k].r = (int16_t)(fek.r + fok.r);
            merged[k].i = (int16_t)(fek.i + fok.i);
            merged[n - k].r = (int16_t)(fek.r - fok.r);
            merged[n - k].i = (int16_t) - (int16_t)(fek.i - fok.i);
        }
        fft_stage((cpx16 *)(void *)(output + f * p->fft_length), merged, 1, p->factors, p->twiddles, 1);
    }
}

static mg_status prepare_irfft(mg_node *node)
{
    const mg_signal_irfft_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, 2 * p->frames * p->input_length) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, p->frames * p->fft_length)) {
        return mg_fail(node, "SignalIrfft: the int16 tensors differ from the generated sizes");
    }
    if (node->scratch_size < mg_signal_irfft_scratch_size(p->fft_length)) {
        return mg_fail(node, "SignalIrfft: less scratch than it needs");
    }
    return MG_OK;
}

static mg_status invoke_irfft(mg_node *node)
{
    mg_signal_irfft_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_signal_irfft = {0, 0, prepare_irfft, invoke_irfft};

static mg_status prepare(mg_node *node)
{
    const mg_signal_rfft_params *p = node->params;
    if (node->num_inputs != 1 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_INT16, p->frames * p->input_length) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_INT16, 2 * p->frames * p->output_length)) {
        return mg_fail(node, "SignalRfft: the int16 tensors differ from the generated sizes");
    }
    if (node->scratch_size < mg_signal_rfft_scratch_size(p->fft_length)) {
        return mg_fail(node, "SignalRfft: less scratch than it needs");
    }
    return MG_OK;
}

static mg_status invoke(mg_node *node)
{
    mg_signal_rfft_s16(node->params, mg_input(node, 0)->data, mg_output(node, 0)->data, node->scratch);
    return MG_OK;
}

const mg_registration mg_register_signal_rfft = {0, 0, prepare, invoke};
