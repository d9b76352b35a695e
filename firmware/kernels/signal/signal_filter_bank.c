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

/* Hardware single-precision square root: the host and cores with an FPU. */
#if !defined(__ARM_ARCH) || (defined(__ARM_FP) && (__ARM_FP & 4))
#include <math.h>
#define FLOAT_SQRT 1
#endif

/* floor(sqrt(x)) for x < 2^32. */
static uint32_t floor_sqrt32(uint32_t x)
{
#ifdef FLOAT_SQRT
    /* within 0.01 of the root (two float roundings of a value below 2^32), so its floor is off by one at most */
    uint32_t r = (uint32_t)sqrtf((float)x);
    if ((uint64_t)r * r > x) --r;
    if ((uint64_t)(r + 1) * (r + 1) <= x) ++r;
    return r;
#else
    uint32_t res = 0, bit = 1u << 30;
    while (bit > x) bit >>= 2;
    while (bit) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    return res;
#endif
}

/* TFLite Micro's Sqrt64 (bit by bit): the root rounded up when the remainder x - root^2 exceeds it, the result
 * stopping at 0xFFFF for values below 2^32 (its 32-bit routine) and at 0xFFFFFFFF above. Here the root of the
 * top 32 bits' worth of bit pairs comes from floor_sqrt32, and the remaining pairs are appended one digit each. */
uint32_t mg_signal_sqrt64(uint64_t x)
{
    if ((x >> 32) == 0) {
        const uint32_t r = floor_sqrt32((uint32_t)x);
        return r + ((uint32_t)x - r * r > r && r != 0xFFFFu);
    }
    const int32_t pairs = (32 - __builtin_clzll(x) + 1) / 2; /* bit pairs below the top 32 bits' worth */
    uint64_t r = floor_sqrt32((uint32_t)(x >> (2 * pairs)));
    uint64_t remainder = (x >> (2 * pairs)) - r * r;
    for (int32_t i = pairs - 1; i >= 0; --i) {
        remainder = (remainder << 2) | ((x >> (2 * i)) & 3u);
        const uint64_t trial = (r << 2) | 1u;
        r <<= 1;
        if (remainder >= trial) {
            remainder -= trial;
            r |= 1u;
        }
    }
    return (uint32_t)r + (remainder > r && r != 0xFFFFFFFFu);
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
