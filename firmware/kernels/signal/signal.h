/* TFLite Micro's signal library (signal/micro/kernels, signal/src): the custom ops of its audio front end, which
 * TFLite Micro registers by name (SignalWindow, SignalFftAutoScale, SignalRfft, SignalEnergy, SignalFilterBank,
 * SignalFilterBankSquareRoot, SignalFilterBankSpectralSubtraction, SignalPCAN, SignalFilterBankLog). Integer
 * math only: int16 samples, uint32/uint64 spectra, as there. The generator reads each node's FlexBuffers options,
 * checks them and passes plain numbers (and the RFFT's twiddle tables) besides them; every struct starts with the
 * options in place, as for every custom node. */
#ifndef MG_SIGNAL_H
#define MG_SIGNAL_H

#include <stddef.h>
#include <stdint.h>

#include "mg_kernel.h"

extern uint8_t mg_persistent[]; /* arena_plan.c: state kept across invokes (spectral subtraction's noise estimate) */

typedef struct {
    mg_custom_options options;
    int32_t count;       /* input and output elements, a whole number of windows */
    int32_t window_size; /* the weights' elements */
    int32_t shift;       /* product >> shift, then saturated to int16 */
} mg_signal_window_params;

typedef struct {
    mg_custom_options options;
    int32_t count;
} mg_signal_fft_auto_scale_params;

/* kissfft's fixed-point real FFT (v130, FIXED_POINT 16, which TFLite Micro builds): a complex FFT of half the
 * length (radix 4 stages, then radix 2) on the even/odd samples, then the split into the real spectrum. */
typedef struct {
    mg_custom_options options;
    int32_t fft_length;    /* real samples per transform; half of it is a power of two */
    int32_t input_length;  /* samples per frame, zero-padded to fft_length */
    int32_t frames;        /* frames in the input */
    int32_t output_length; /* complex values per output frame (at least fft_length / 2 + 1) */
    int32_t num_factors;
    const int32_t *factors; /* kissfft's (radix, remaining length) pairs of the half-length FFT */
    /* Twiddles, each complex packed in one int32 (real in the low half, imaginary in the high half):
     * fft_length / 2 of floor(0.5 + 32767 * cos|sin(-2 pi k / (fft_length / 2))), then fft_length / 4 of the
     * real split's, as kissfft's alloc computes them. */
    const int32_t *twiddles;
    const int32_t *super_twiddles;
} mg_signal_rfft_params;

/* The float32 transforms (kissfft built for float): the same recursion and split without the fixed point's
 * divisions; the inverse divides its output by fft_length as TFLite Micro's wrapper does. */
typedef struct {
    mg_custom_options options;
    int32_t fft_length;
    int32_t frames;
    int32_t input_length;  /* RFFT: samples per input frame; IRFFT: complex values per input frame */
    int32_t output_length; /* RFFT: complex values per output frame; IRFFT: samples per output frame */
    int32_t num_factors;
    const int32_t *factors;
    const float *twiddles;       /* fft_length / 2 complex (re, im pairs): (float)cos|sin(-+2 pi k / n) */
    const float *super_twiddles; /* fft_length / 4 complex, the real split's */
} mg_signal_rfft_f32_params;

/* The int32 transforms (kissfft built with FIXED_POINT 32: Q31 products in int64, the radix divisions as
 * products with 2147483647 / radix), mg_signal_rfft_f32_params' fields with int32 twiddles. */
typedef struct {
    mg_custom_options options;
    int32_t fft_length;
    int32_t frames;
    int32_t input_length;
    int32_t output_length;
    int32_t num_factors;
    const int32_t *factors;
    const int32_t *twiddles; /* (re, im) pairs: floor(0.5 + 2147483647 * cos|sin(phase)) */
    const int32_t *super_twiddles;
} mg_signal_rfft_s32_params;

/* The inverse (kissfft's kiss_fftri): the real split undone, then the half-length inverse complex FFT. */
typedef struct {
    mg_custom_options options;
    int32_t fft_length;   /* real samples per output frame; half of it is a power of two */
    int32_t frames;       /* frames in the input */
    int32_t input_length; /* complex values per input frame (at least fft_length / 2 + 1 are read) */
    int32_t num_factors;
    const int32_t *factors;
    const int32_t *twiddles; /* as mg_signal_rfft_params', for the inverse transform (phases negated) */
    const int32_t *super_twiddles;
} mg_signal_irfft_params;

typedef struct {
    mg_custom_options options;
    int32_t count;       /* output elements (the input holds that many complex values) */
    int32_t start_index; /* energies computed in [start_index, end_index); the rest are written 0 */
    int32_t end_index;
} mg_signal_energy_params;

typedef struct {
    mg_custom_options options;
    int32_t num_channels;
    int32_t input_size; /* spectrum elements */
    int32_t num_weights;
} mg_signal_filter_bank_params;

typedef struct {
    mg_custom_options options;
    int32_t count;
} mg_signal_filter_bank_square_root_params;

typedef struct {
    mg_custom_options options;
    int32_t num_channels;
    uint32_t smoothing, one_minus_smoothing;                     /* even channels */
    uint32_t alternate_smoothing, alternate_one_minus_smoothing; /* odd channels */
    uint32_t min_signal_remaining;
    uint32_t smoothing_bits;
    uint32_t spectral_subtraction_bits;
    int32_t clamping;
    uint32_t *noise_estimate; /* num_channels, kept across invokes (the persistent region, zero at start) */
} mg_signal_spectral_subtraction_params;

typedef struct {
    mg_custom_options options;
    int32_t num_channels;
    int32_t snr_shift;
} mg_signal_pcan_params;

typedef struct {
    mg_custom_options options;
    int32_t num_channels;
    uint32_t input_correction_bits;
    uint32_t output_scale;
} mg_signal_filter_bank_log_params;

/* Bits of x up to its highest set bit, and 32 for 0: TFLite Micro's MostSignificantBit32 as GCC and Clang build
 * it (__builtin_clz), which its FFT auto-scale sees for an all-zero frame. */
static inline uint32_t mg_signal_msb32(uint32_t x)
{
    return x ? 32u - (uint32_t)__builtin_clz(x) : 32u;
}

typedef struct {
    mg_custom_options options;
    int32_t rows;         /* signals delayed independently (the input's outer elements) */
    int32_t frame_size;   /* samples per row per invoke (the innermost dimension) */
    int32_t delay_length; /* samples each row lags */
    int16_t *held;        /* rows * delay_length samples not output yet (the persistent region, zero at start) */
} mg_signal_delay_params;

typedef struct {
    mg_custom_options options;
    int32_t rows;       /* signals rebuilt independently */
    int32_t frames;     /* frames per row per invoke */
    int32_t frame_size; /* samples per frame */
    int32_t frame_step; /* samples output per frame (at most frame_size) */
    void *pending;      /* rows * frame_size sums not output yet, int16 or float (persistent, zero at start) */
} mg_signal_overlap_add_params;

typedef struct {
    mg_custom_options options;
    int32_t rows;       /* signals framed independently */
    int32_t frames;     /* frames per row per invoke (the input's innermost dimension / frame_step) */
    int32_t frame_size; /* samples per output frame */
    int32_t frame_step; /* new samples per frame */
    int32_t capacity;   /* samples a row holds: frame_size rounded up to a multiple of frame_step */
    int32_t prefilled;  /* samples a row starts with: frame_size - frame_step zeros with prefill, else 0 */
    int32_t *filled;    /* per row, samples held beyond `prefilled`; then rows * capacity samples (persistent) */
} mg_signal_framer_params;

typedef struct {
    mg_custom_options options;
    int32_t num_channels; /* samples per input frame */
    int32_t left_context; /* frames stacked before the centre one (the first frame repeated at the start) */
    int32_t stacked;      /* output samples: num_channels * (left + right context + 1) */
    int32_t step;         /* samples dropped after an output: num_channels * stacker_step */
    int32_t *state;       /* samples held, whether the first frame came, then `stacked` samples (persistent) */
} mg_signal_stacker_params;

/* The tensor exists, has the type and that many elements (prepare's check against the generated sizes). */
static inline int mg_signal_tensor_is(const mg_tensor *t, uint8_t type, int32_t count)
{
    return t && t->type == type && mg_num_elements(t) == count;
}

void mg_signal_window_s16(const mg_signal_window_params *p, const int16_t *input, const int16_t *weights,
                          int16_t *output);
int32_t mg_signal_fft_auto_scale_s16(int32_t count, const int16_t *input, int16_t *output);
void mg_signal_rfft_s16(const mg_signal_rfft_params *p, const int16_t *input, int16_t *output, void *scratch);
size_t mg_signal_rfft_scratch_size(int32_t fft_length);
void mg_signal_irfft_s16(const mg_signal_irfft_params *p, const int16_t *input, int16_t *output, void *scratch);
size_t mg_signal_irfft_scratch_size(int32_t fft_length);
void mg_signal_rfft_f32(const mg_signal_rfft_f32_params *p, const float *input, float *output, void *scratch);
void mg_signal_irfft_f32(const mg_signal_rfft_f32_params *p, const float *input, float *output, void *scratch);
size_t mg_signal_rfft_f32_s32_scratch_size(int32_t fft_length);
void mg_signal_rfft_s32(const mg_signal_rfft_s32_params *p, const int32_t *input, int32_t *output, void *scratch);
void mg_signal_irfft_s32(const mg_signal_rfft_s32_params *p, const int32_t *input, int32_t *output, void *scratch);
void mg_signal_energy_s16(const mg_signal_energy_params *p, const int16_t *input, uint32_t *output);
void mg_signal_filter_bank_u32(int32_t num_channels, const uint32_t *input, const int16_t *weights,
                               const int16_t *unweights, const int16_t *frequency_starts, const int16_t *weight_starts,
                               const int16_t *widths, uint64_t *output);
uint32_t mg_signal_sqrt64(uint64_t x);
void mg_signal_spectral_subtraction_u32(const mg_signal_spectral_subtraction_params *p, const uint32_t *input,
                                        uint32_t *output);
size_t mg_signal_spectral_subtraction_state_size(int32_t num_channels);
void mg_signal_delay_s16(const mg_signal_delay_params *p, const int16_t *input, int16_t *output);
size_t mg_signal_delay_state_size(int32_t rows, int32_t delay_length);
void mg_signal_overlap_add_s16(const mg_signal_overlap_add_params *p, const int16_t *input, int16_t *output);
void mg_signal_overlap_add_f32(const mg_signal_overlap_add_params *p, const float *input, float *output);
size_t mg_signal_overlap_add_state_size(int32_t rows, int32_t frame_size, int32_t element_size);
int mg_signal_framer_s16(const mg_signal_framer_params *p, const int16_t *input, int16_t *output);
size_t mg_signal_framer_state_size(int32_t rows, int32_t capacity);
int mg_signal_stacker_s16(const mg_signal_stacker_params *p, const int16_t *input, int16_t *output);
size_t mg_signal_stacker_state_size(int32_t stacked);
void mg_signal_pcan_u32(const mg_signal_pcan_params *p, const uint32_t *input, const uint32_t *noise_estimate,
                        const int16_t *gain_lut, uint32_t *output);
void mg_signal_filter_bank_log_u32(const mg_signal_filter_bank_log_params *p, const uint32_t *input, int16_t *output);

/* kissfft's kf_work for one sample type (the files of SignalRfft's int16, int32 and float32 kernels): the
 * sub-transforms of every radix-th input, then this stage's butterflies over them; that file's butterfly2 and
 * butterfly4 (radix 2 and 4, the only radices the catalog lets through) must precede it. */
#define MG_SIGNAL_FFT_STAGE(cpx_type, twiddle_type)                                                                    \
    static void fft_stage(cpx_type *out, const cpx_type *in, int32_t fstride, const int32_t *factors,                  \
                          const twiddle_type *twiddles, int inverse)                                                   \
    {                                                                                                                  \
        const int32_t radix = factors[0], m = factors[1];                                                              \
        for (int32_t j = 0; j < radix; ++j) {                                                                          \
            if (m == 1) {                                                                                              \
                out[j] = in[j * fstride];                                                                              \
            } else {                                                                                                   \
                fft_stage(out + j * m, in + j * fstride, fstride * radix, factors + 2, twiddles, inverse);             \
            }                                                                                                          \
        }                                                                                                              \
        if (radix == 4) {                                                                                              \
            butterfly4(out, fstride, twiddles, m, inverse);                                                            \
        } else {                                                                                                       \
            butterfly2(out, fstride, twiddles, m);                                                                     \
        }                                                                                                              \
    }

extern const mg_registration mg_register_signal_window;
extern const mg_registration mg_register_signal_fft_auto_scale;
extern const mg_registration mg_register_signal_rfft;
extern const mg_registration mg_register_signal_irfft;
extern const mg_registration mg_register_signal_energy;
extern const mg_registration mg_register_signal_filter_bank;
extern const mg_registration mg_register_signal_filter_bank_square_root;
extern const mg_registration mg_register_signal_filter_bank_spectral_subtraction;
extern const mg_registration mg_register_signal_pcan;
extern const mg_registration mg_register_signal_filter_bank_log;
extern const mg_registration mg_register_signal_delay;
extern const mg_registration mg_register_signal_overlap_add;
extern const mg_registration mg_register_signal_framer;
extern const mg_registration mg_register_signal_stacker;

#endif
