"""The int16x8 UNIDIRECTIONAL_SEQUENCE_LSTM of the dsp backend (firmware/kernels/unidirectional_sequence_lstm_s16_dsp.c;
its catalog entry is dsp_unidirectional_sequence_lstm.py's): int16 activations, int8 weights and int64 biases, all
constant. TFLite's int64 accumulator is taken as the int64 bias (the layer's input zero point folded in) plus an
int32 sum of weight times input, so a node is claimed only when every such partial sum fits int32 (the sum of |w|
times 32768), the folded biases stay well inside int64 and the products requantize as the int8 kernel's do (the
products' check, products_are_exact, serves both widths)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ... import quant
from ..unidirectional_sequence_lstm import unidirectional_sequence_lstm as lstm
from . import _common

TAPS = (0, 1, 2, 3)  # the widened weights' pairs (w0, w1), (w2, w3): the int16 input's own words
INT32_LIMIT = 1 << 31
PRODUCTS = ("forget", "input", "hidden")  # the element-wise products' multipliers (forget * cell, ...)
BIAS_LIMIT = 1 << 40  # |folded bias| + 2^31 times a 16-bit multiplier stays inside int64


def _product_is_exact(multiplier: int, shift: int) -> bool:
    """The kernel's product of two int16 values (one a sigmoid, so below 2^30 in magnitude) requantizes with
    mg_dsp_requant.h's SMMLAR form: exact for a right shift e of 1 to 30 (the doubled product and the rounding
    offset 2^(e-1) then stay in int32)."""
    return multiplier >= 1 << 30 and -30 <= shift <= -1


def products_are_exact(fields: dict) -> bool:
    """Whether the node's element-wise products (forget * cell, input * cell gate, output * tanh(cell)) requantize
    exactly in the dsp kernels' form (both widths share it)."""
    return all(_product_is_exact(fields[f"{name}_multiplier"], fields[f"{name}_shift"]) for name in PRODUCTS)


class Layer(NamedTuple):
    """One fully connected layer: TFLite's 64-bit requantization (the multiplier rounded to 16 bits, the total
    right shift 15 - shift), its folded int64 biases and its weights."""

    reduced: int
    total_shift: int
    biases: np.ndarray
    weights: np.ndarray


def _layer(weights: np.ndarray, biases: np.ndarray, input_offset: int, pair) -> Layer | None:
    multiplier, shift = pair
    reduced = (multiplier + (1 << 15)) >> 16 if multiplier < 0x7FFF0000 else 0x7FFF
    total_shift = 15 - shift
    w = weights.astype(np.int64)
    folded = biases + input_offset * w.sum(axis=1)
    if not 1 <= total_shift <= 62 or int(np.abs(w).sum(axis=1).max(initial=0)) * 32768 >= INT32_LIMIT:
        return None
    if int(np.abs(folded).max(initial=0)) >= BIAS_LIMIT:
        return None
    return Layer(reduced, total_shift, folded, w)


def layers(op, inputs, outputs) -> list[Layer] | None:
    """Per gate (input, forget, cell, output), the input's and the hidden state's layer; None when the node is not
    int16x8, has weights or biases that are not constant, or a layer or a product the kernel cannot take."""
    if inputs[0].dtype.name != "INT16" or lstm.validate(op, inputs, outputs):
        return None
    return gate_layers(op, inputs, outputs, _layer)


def gate_layers(op, inputs, outputs, make_layer) -> list | None:
    """Each gate's input layer and hidden-state layer, `make_layer(weights, bias, input offset, (multiplier,
    shift))` making each (None: the kernel cannot take it), for both dsp LSTM kernels; None when the weights or
    biases are not constant, a product's requantization is not exact in the kernels' form, or a layer is None."""
    constants = [inputs[i] for i in (*lstm.INPUT_WEIGHTS, *lstm.RECURRENT_WEIGHTS, *lstm.BIASES)]
    if any(t.data is None for t in constants):
        return None
    fields = lstm.params(op, inputs, outputs).fields
    if not products_are_exact(fields):
        return None
    pairs = list(zip(fields["fc_multipliers"], fields["fc_shifts"]))
    offsets = (-quant.zero_point_of(inputs[0]), -quant.zero_point_of(inputs[lstm.HIDDEN]))
    found = []
    for g, (w, r, b) in enumerate(zip(lstm.INPUT_WEIGHTS, lstm.RECURRENT_WEIGHTS, lstm.BIASES)):
        units = inputs[w].shape[0]
        found.append(make_layer(inputs[w].array(), _common.bias_values(inputs[b], units), offsets[0], pairs[2 * g]))
        found.append(make_layer(inputs[r].array(), np.zeros(units, dtype=np.int64), offsets[1], pairs[2 * g + 1]))
    return None if None in found else found


def _words(biases: np.ndarray) -> list[int]:
    """int64 biases as (low, high) int32 words, zeros padding them to whole blocks of four units."""
    padded = [int(v) for v in biases] + [0] * (-len(biases) % 4)
    return [_common.wrap32(v & 0xFFFFFFFF) if k == 0 else _common.wrap32(v >> 32) for v in padded for k in (0, 1)]


def backend_table(found: list[Layer]) -> list[int]:
    """Per gate: both layers' (reduced multiplier, total shift), then the input's and the hidden state's biases."""
    table = []
    for inp, hidden in zip(found[0::2], found[1::2]):
        table += [inp.reduced, inp.total_shift, hidden.reduced, hidden.total_shift]
        table += _words(inp.biases) + _words(hidden.biases)
    return table
