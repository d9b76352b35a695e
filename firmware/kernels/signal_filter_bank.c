/* SignalFilterBank and SignalFilterBankSquareRoot (TFLite Micro's signal/src/filter_bank.cc and
 * filter_bank_square_root.cc). The filter bank sums each channel's band of the energy spectrum weighted, in
 * uint64; the unweighted remainder of a band (weights' complements) starts the next channel's sum, so channel
 * 0 of the num_channels + 1 described is only that start and is not output. Products wrap modulo 2^64 as there
 * (a negative weight adds its two's complement). The square root rounds to nearest and is shifted down by the
 * FFT's scale bits. */
#pragma GCC optimize("O2") /* a per-sample loop of the audio front end: -Os leaves it slow */
#include "signal.h"

/* TFLite Micro multiplies each int16 weight, converted to uint64, by the uint32 energy, modulo 2^64. That is the
 * unsigned product of the weight's 32-bit two's complement (one UMLAL) less 2^32 * energy for a negative weight;
 * those high-word corrections are summed apart in 32 bits (exact modulo 2^64 once shifted) and taken off once
 * per channel. */
static inline __attribute__((always_inline)) uint32_t negative_mask(int16_t weight)
{
    return (uint32_t)((int32_t)weight >> 31);
}

void mg_signal_filter_bank_u32(int32_t num_channels, const uint32_t *input, const int16_t *weights,
                               const int16_t *unweights, const int16_t *frequency_starts, const int16_t *weight_starts,
                               const int16_t *widths, uint64_t *output)
{
    uint64_t weight_sum = 0;
    for (int32_t c = 0; c <= num_channels; ++c) {
        const uint32_t *band = input + frequency_starts[c];
        const int16_t *w = weights + weight_starts[c], *u = unweights + weight_starts[c];
        uint64_t unweight_sum = 0;
        uint32_t weight_high = 0, unweight_high = 0;
        for (int32_t j = 0; j < widths[c]; ++j) {
            const uint32_t x = band[j];
            weight_sum += (uint64_t)(uint32_t)(int32_t)w[j] * x;
            unweight_sum += (uint64_t)(uint32_t)(int32_t)u[j] * x;
            weight_high += x & negative_mask(w[j]);
            unweight_high += x & negative_mask(u[j]);
        }
        weight_sum -= (uint64_t)weight_high << 32;
        if (c > 0) output[c - 1] = weight_sum;
        weight_sum = unweight_sum - ((uint64_t)unweight_high << 32);
    }
}

static uint32_t sqrt32(uint32_t x)
{
    if (x == 0) return 0;
    uint32_t res = 0;
    const int32_t top = __builtin_clz(x) | 1; /* leading zeros, made odd */
    uint32_t bit = 1u << (31 - top);
    for (int32_t n = (31 - top) / 2 + 1; n > 0; --n) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    if (x > res && res != 0xFFFFu) ++res;
    return res;
}

/* TFLite Micro's Sqrt64: bit by bit, rounded up when the remainder exceeds the root; values below 2^32 take the
 * 32-bit routine, whose result stops at 0xFFFF. */
uint32_t mg_signal_sqrt64(uint64_t x)
{
    if ((x >> 32) == 0) return sqrt32((uint32_t)x);
    uint64_t res = 0;
    const int32_t top = __builtin_clzll(x) | 1;
    uint64_t bit = (uint64_t)1 << (63 - top);
    for (int32_t n = (63 - top) / 2 + 1; n > 0; --n) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    if (x > res && res != 0xFFFFFFFFu) ++res;
    return (uint32_t)res;
}

static mg_status prepare_filter_bank(mg_node *node)
{
    const mg_signal_filter_bank_params *p = node->params;
    const int32_t edges = p->num_channels + 1;
    if (node->num_inputs != 6 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_UINT32, p->input_size) ||
        !mg_signal_tensor_is(mg_input(node, 1), MG_INT16, p->num_weights) ||
        !mg_signal_tensor_is(mg_input(node, 2), MG_INT16, p->num_weights) ||
        !mg_signal_tensor_is(mg_input(node, 3), MG_INT16, edges) ||
        !mg_signal_tensor_is(mg_input(node, 4), MG_INT16, edges) ||
        !mg_signal_tensor_is(mg_input(node, 5), MG_INT16, edges) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_UINT64, p->num_channels)) {
        return mg_fail(node, "SignalFilterBank: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke_filter_bank(mg_node *node)
{
    const mg_signal_filter_bank_params *p = node->params;
    mg_signal_filter_bank_u32(p->num_channels, mg_input(node, 0)->data, mg_input(node, 1)->data,
                              mg_input(node, 2)->data, mg_input(node, 3)->data, mg_input(node, 4)->data,
                              mg_input(node, 5)->data, mg_output(node, 0)->data);
    return MG_OK;
}

const mg_registration mg_register_signal_filter_bank = {0, 0, prepare_filter_bank, invoke_filter_bank};

static mg_status prepare_square_root(mg_node *node)
{
    const mg_signal_filter_bank_square_root_params *p = node->params;
    if (node->num_inputs != 2 || node->num_outputs != 1 ||
        !mg_signal_tensor_is(mg_input(node, 0), MG_UINT64, p->count) ||
        !mg_signal_tensor_is(mg_input(node, 1), MG_INT32, 1) ||
        !mg_signal_tensor_is(mg_output(node, 0), MG_UINT32, p->count)) {
        return mg_fail(node, "SignalFilterBankSquareRoot: the tensors differ from the generated sizes");
    }
    return MG_OK;
}

static mg_status invoke_square_root(mg_node *node)
{
    const mg_signal_filter_bank_square_root_params *p = node->params;
    const uint64_t *input = mg_input(node, 0)->data;
    const int32_t scale_bits = *(const int32_t *)mg_input(node, 1)->data;
    uint32_t *output = mg_output(node, 0)->data;
    if (scale_bits < 0 || scale_bits > 31) {
        return mg_fail(node, "SignalFilterBankSquareRoot: scale bits outside 0..31");
    }
    for (int32_t i = 0; i < p->count; ++i) {
        output[i] = mg_signal_sqrt64(input[i]) >> scale_bits;
    }
    return MG_OK;
}

const mg_registration mg_register_signal_filter_bank_square_root = {0, 0, prepare_square_root, invoke_square_root};
