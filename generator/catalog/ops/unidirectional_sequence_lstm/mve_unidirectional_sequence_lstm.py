"""UNIDIRECTIONAL_SEQUENCE_LSTM in the mve backend (firmware/kernels/unidirectional_sequence_lstm_s8_mve.c): int8
with constant weights and biases. Each gate layer's input zero point is folded into its bias (the sum of
w * (x + offset) is bias' + the sum of w * x, equal modulo 2^32 like the int32 sums of the reference, so no
bound is needed), the kernel's dot products run on the model's int8 weights and its requantizations are TFLite's
own (mg_mve.h). The int16x8 and float32 LSTMs stay with the reference kernel. The shape, multipliers and prepare are
the family's (unidirectional_sequence_lstm); the scratch adds one gate's sums."""

from __future__ import annotations

from ... import quant
from ...spec import backend_kernel
from ..common import _common, _scratch
from . import unidirectional_sequence_lstm as lstm

SOURCES = (*lstm.SPEC.sources, "unidirectional_sequence_lstm_s8_mve.c", "mg_mve.h", "mg_mve_dots.h")


def _folded(weights, biases, offset: int, units: int) -> list[int]:
    """One layer's biases with offset * (its weight row's sum) added, wrapped to int32 and padded with zeros to
    whole groups of four units."""
    folded = biases + offset * weights.astype("int64").sum(axis=1)
    return [_common.wrap32(int(v)) for v in folded] + [0] * (-units % 4)


def backend_table(op, inputs, outputs) -> list[int] | None:
    """Per gate (input, forget, cell, output), the input's then the hidden state's folded biases; None when the
    node is not int8 or its weights or biases are not constant."""
    if inputs[0].dtype.name != "INT8" or lstm.validate(op, inputs, outputs):
        return None
    constants = [inputs[i] for i in (*lstm.INPUT_WEIGHTS, *lstm.RECURRENT_WEIGHTS, *lstm.BIASES)]
    if any(t.data is None for t in constants):
        return None
    units = inputs[lstm.HIDDEN].shape[-1]
    input_offset, hidden_offset = -quant.zero_point_of(inputs[0]), -quant.zero_point_of(inputs[lstm.HIDDEN])
    table = []
    for w, r, b in zip(lstm.INPUT_WEIGHTS, lstm.RECURRENT_WEIGHTS, lstm.BIASES):
        table += _folded(inputs[w].array(), _common.bias_values(inputs[b], units), input_offset, units)
        table += _folded(inputs[r].array(), 0, hidden_offset, units)
    return table


def params(op, inputs, outputs):
    p = lstm.params(op, inputs, outputs)
    p.fields.update(backend_table=backend_table(op, inputs, outputs))
    return p


def scratch_bytes(op, inputs, outputs):
    _, batches, _, _, units = lstm._dims(op, inputs)
    return _scratch.scratch_size("mg_unidirectional_sequence_lstm_s8_mve_scratch_size", batches, units)


def claims(op, inputs, outputs):
    if backend_table(op, inputs, outputs) is None:
        return "not int8 with constant weights and biases"
    return None


SPEC = backend_kernel(
    lstm.SPEC, "mve", ("INT8",), SOURCES, params, claims, scratch_bytes=scratch_bytes, **lstm.backend_hooks()
)
