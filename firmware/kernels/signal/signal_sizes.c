/* The signal kernels' scratch and state sizes, compiled alone for the build machine too (ops/_scratch.py). */
#include "signal.h"

size_t mg_signal_rfft_scratch_size(int32_t fft_length)
{
    /* the zero-padded frame (fft_length int16), then the complex FFT's bins (fft_length / 2 int16 pairs) */
    return (size_t)fft_length * 2u + (size_t)(fft_length / 2) * 4u;
}

size_t mg_signal_irfft_scratch_size(int32_t fft_length)
{
    /* the split spectrum, fft_length / 2 int16 pairs, that the complex FFT transforms into the output */
    return (size_t)(fft_length / 2) * 4u;
}

size_t mg_signal_rfft_f32_s32_scratch_size(int32_t fft_length)
{
    /* the zero-padded frame (fft_length floats), then the complex FFT's bins (fft_length / 2 float pairs); the
     * inverse uses the bins' part for the merged spectrum. The int32 transforms take the same (4-byte values). */
    return (size_t)fft_length * sizeof(float) + (size_t)(fft_length / 2) * 2u * sizeof(float);
}

size_t mg_signal_spectral_subtraction_state_size(int32_t num_channels)
{
    /* the noise estimate of every channel */
    return (size_t)num_channels * sizeof(uint32_t);
}

size_t mg_signal_delay_state_size(int32_t rows, int32_t delay_length)
{
    /* each row's samples not output yet */
    return (size_t)rows * (size_t)delay_length * sizeof(int16_t);
}

size_t mg_signal_overlap_add_state_size(int32_t rows, int32_t frame_size, int32_t element_size)
{
    /* each row's sums not output yet */
    return (size_t)rows * (size_t)frame_size * (size_t)element_size;
}

size_t mg_signal_framer_state_size(int32_t rows, int32_t capacity)
{
    /* each row's count of samples held, then each row's samples */
    return (size_t)rows * sizeof(int32_t) + (size_t)rows * (size_t)capacity * sizeof(int16_t);
}

size_t mg_signal_stacker_state_size(int32_t stacked)
{
    /* samples held and whether the first frame came, then the samples */
    return 2u * sizeof(int32_t) + (size_t)stacked * sizeof(int16_t);
}
