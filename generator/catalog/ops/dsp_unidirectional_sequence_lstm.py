"""UNIDIRECTIONAL_SEQUENCE_LSTM in the dsp backend (firmware/kernels/unidirectional_sequence_lstm_s8_dsp.c): int8
with constant weights and biases whose gate matmuls meet the exactness conditions of _dsp_common.channel_table
(with each layer's input zero point folded into its bias, as TFLite Micro's CMSIS-NN LSTM does). The int16x8 and
float32 LSTMs stay with the reference kernel. The shape, the multipliers and the prepare are the
family's (unidirectional_sequence_lstm); this module adds the kernel's tables (requantization and folded biases,
weights widened) and its accumulators' scratch."""

from __future__ import annotations

import numpy as np

from .. import quant
from ..spec import KernelSpec, never_raises
from . import _dsp_common as dc
from . import _scratch
from . import unidirectional_sequence_lstm as lstm

SOURCES = (
    *lstm.SPEC.sources,
    "unidirectional_sequence_lstm_s8_dsp.c",
    "mg_dsp.h",
    "mg_dsp_mac.h",
    "mg_dsp_requant.h",
)
INT16_RANGE = (-32768, 32767)
PRODUCTS = ("forget", "input", "hidden")  # the element-wise products' multipliers (forget * cell, ...)


def _layer_table(weights: np.ndarray, biases: np.ndarray, input_offset: int, pair) -> list[int] | None:
    """One fully connected layer's requantization into Q3.12 (multiplier, offset, shift of
    _dsp_common.channel_table, zero point 0) and its folded biases doubled (the kernel's accumulators are
    doubled, its weights being), or None."""
    w = weights.astype(np.int64)
    folded = biases + input_offset * w.sum(axis=1)
    # every partial sum: the folded bias plus some of the w * x terms; the final sum: the true accumulator
    bounds = np.maximum(np.abs(folded) + np.abs(w).sum(axis=1) * 128, dc.weight_bounds(w, 0, biases, input_offset))
    table = dc.channel_table(folded, [pair] * w.shape[0], bounds, 0, INT16_RANGE, doubled_bias=True)
    return None if table is None else [*table[1:4], *table[0::4]]


def _product_is_exact(multiplier: int, shift: int) -> bool:
    """The kernel's product of two int16 values (one a sigmoid, so below 2^30 in magnitude) requantizes with
    mg_dsp_requant.h's SMMLAR form: exact for a right shift e of 1 to 30 (the doubled product and the rounding
    offset 2^(e-1) then stay in int32)."""
    return multiplier >= 1 << 30 and -30 <= shift <= -1


def backend_table(op, inputs, outputs) -> list[int] | None:
    """Per gate (input, forget, cell, output), the input's and the hidden state's requantization, then their
    biases per unit, each padded with zeros to whole blocks of four (the kernel's gate table); None when the node
    is not int8, has weights or biases that are not constant, or a layer's or a product's fast requantization is
    not exact."""
    if inputs[0].dtype.name != "INT8" or lstm.validate(op, inputs, outputs):
        return None
    constants = [inputs[i] for i in (*lstm.INPUT_WEIGHTS, *lstm.RECURRENT_WEIGHTS, *lstm.BIASES)]
    if any(t.data is None for t in constants):
        return None
    fields = lstm.params(op, inputs, outputs).fields
    if not all(_product_is_exact(fields[f"{name}_multiplier"], fields[f"{name}_shift"]) for name in PRODUCTS):
        return None
    pairs = list(zip(fields["fc_multipliers"], fields["fc_shifts"]))
    offsets = (-quant.zero_point_of(inputs[0]), -quant.zero_point_of(inputs[lstm.HIDDEN]))
    table = []
    for g, (w, r, b) in enumerate(zip(lstm.INPUT_WEIGHTS, lstm.RECURRENT_WEIGHTS, lstm.BIASES)):
        units = inputs[w].shape[0]
        layers = [
            _layer_table(inputs[w].array(), dc.bias_values(inputs[b], units), offsets[0], pairs[2 * g]),
            _layer_table(inputs[r].array(), np.zeros(units, dtype=np.int64), offsets[1], pairs[2 * g + 1]),
        ]
        if None in layers:
            return None
        (inp, hidden), padding = layers, [0] * (-units % 4)
        table += [*inp[:3], *hidden[:3], *inp[3:], *padding, *hidden[3:], *padding]
    return table


def _layer_words(weights: np.ndarray) -> np.ndarray:
    """A layer's weights doubled, in the kernel's order (unidirectional_sequence_lstm_s8_dsp.c): blocks of four units
    (zero rows pad the last), each a run of tap quads (zero taps pad the last), each quad the four rows' taps
    (w0, w2) and (w1, w3) as int16 pairs in words."""
    units, depth = weights.shape
    padded = np.zeros((-(-units // 4) * 4, -(-depth // 4) * 4), dtype=np.int64)
    padded[:units, :depth] = 2 * weights
    quads = padded.reshape(-1, 4, padded.shape[1] // 4, 4).transpose(0, 2, 1, 3)[..., [0, 2, 1, 3]]
    pairs = quads.reshape(-1, 2, 2)  # (w0, w2), (w1, w3) of each row of each quad
    return ((pairs[..., 0] & 0xFFFF) | (pairs[..., 1] << 16)).reshape(-1).astype(np.uint32).view(np.int32)


def backend_weights(inputs) -> list[int]:
    """Per gate, the input's then the hidden state's layer in the kernel's order."""
    layers = [inputs[i] for g in range(4) for i in (lstm.INPUT_WEIGHTS[g], lstm.RECURRENT_WEIGHTS[g])]
    return [int(v) for layer in layers for v in _layer_words(layer.array().astype(np.int64))]


def params(op, inputs, outputs):
    p = lstm.params(op, inputs, outputs)
    p.fields.update(backend_table=backend_table(op, inputs, outputs), backend_weights=backend_weights(inputs))
    return p


def scratch_bytes(op, inputs, outputs):
    _, batches, _, input_size, units = lstm._dims(op, inputs)
    return _scratch.scratch_size("mg_unidirectional_sequence_lstm_s8_dsp_scratch_size", batches, units, input_size)


def claims(op, inputs, outputs):
    return backend_table(op, inputs, outputs) is not None


SPEC = KernelSpec(
    op=lstm.SPEC.op,
    builtin_code=lstm.SPEC.builtin_code,
    versions=lstm.SPEC.versions,
    dtypes=("INT8",),
    sources=SOURCES,
    registration="mg_register_unidirectional_sequence_lstm_dsp",
    validate=lstm.validate,
    params=params,
    scratch_bytes=scratch_bytes,
    macs=lstm.macs,
    backend=dc.BACKEND,
    claims=never_raises(claims),
)
