/* UNIDIRECTIONAL_SEQUENCE_LSTM's scratch (TFLite Micro's Prepare requests four buffers of batches * units cell
 * values; the dsp and mve kernels add their accumulators). Compiled alone for the build machine too (ops/_scratch.py). */
#include "unidirectional_sequence_lstm.h"

size_t mg_unidirectional_sequence_lstm_scratch_size(int32_t batches, int32_t units, int32_t cell_bytes)
{
    return 4u * (size_t)batches * (size_t)units * (size_t)cell_bytes;
}

/* The dsp kernels' (int8 and int16x8), which finish MG_LSTM_DSP_BLOCK units at a time: one block's accumulator
 * pairs and its four gates' int16 values, then every batch row's input and hidden state as int16 pairs, each
 * rounded up to whole quads. */
size_t mg_unidirectional_sequence_lstm_s8_dsp_scratch_size(int32_t batches, int32_t units, int32_t input_size)
{
    const size_t units4 = (size_t)((units + 3) & ~3), inputs4 = (size_t)((input_size + 3) & ~3);
    return 8u * MG_LSTM_DSP_BLOCK + 2u * MG_LSTM_GATES * MG_LSTM_DSP_BLOCK + 2u * (size_t)batches * (inputs4 + units4);
}

/* The mve kernel's: the same gate buffers, then one gate's input and hidden state sums for units rounded up to
 * whole groups of four. */
size_t mg_unidirectional_sequence_lstm_s8_mve_scratch_size(int32_t batches, int32_t units)
{
    return mg_unidirectional_sequence_lstm_scratch_size(batches, units, 2) + 8u * (size_t)((units + 3) & ~3);
}
