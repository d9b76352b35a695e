/* UNIDIRECTIONAL_SEQUENCE_LSTM's scratch (TFLite Micro's Prepare requests four buffers of batches * units cell
 * values). Compiled alone for the build machine too (ops/_scratch.py). */
#include "unidirectional_sequence_lstm.h"

size_t mg_unidirectional_sequence_lstm_scratch_size(int32_t batches, int32_t units, int32_t cell_bytes)
{
    return 4u * (size_t)batches * (size_t)units * (size_t)cell_bytes;
}
