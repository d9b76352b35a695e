"""UNIDIRECTIONAL_SEQUENCE_LSTM in the dsp backend (firmware/kernels/unidirectional_sequence_lstm_s8_dsp.c): int8
with constant weights and biases whose gate layers the kernel's int32 accumulators and SMMLAR requantization
compute exactly (each layer's input zero point folded into its bias, as TFLite Micro's CMSIS-NN LSTM does; weights
and biases scaled by 2^(left shift + 1); every scaled partial sum proved to fit int32), and whose element-wise
products requantize with a right shift; int16x8 as _dsp_lstm_s16.py says. The float32 LSTM stays with the
reference kernel. The shape, the multipliers and the prepare are the family's (unidirectional_sequence_lstm); this
module adds the kernel's tables (requantization and folded biases; each layer's weights widened to int16 while that
copy is small) and its scratch."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...spec import backend_kernel
from ..common import _dsp_common as dc
from ..common import _dsp_lstm_s16 as dsp_lstm_s16
from ..common import _scratch
from . import unidirectional_sequence_lstm as lstm

SOURCES = (
    *lstm.SPEC.sources,
    "unidirectional_sequence_lstm_dsp.h",
    "unidirectional_sequence_lstm_s8_dsp.c",
    "unidirectional_sequence_lstm_s16_dsp.c",
    "mg_dsp.h",
    "mg_dsp_mac.h",
    "mg_dsp_requant.h",
)
INT32_LIMIT = 1 << 31
# The widened weights are a second copy in flash beside the model's int8 ones, twice their size: they save the
# matmuls about a fifth of their instructions (no SXTB16 of the weights, two rows a load). A node widens both its
# layers when their copy is at most this large, else the larger layer whose copy is (the other reads the int8
# weights), else neither (of TFLite Micro's examples, micro_speech_lstm's copy, 217,600 B, and dtln's second,
# 262,144 B, are made; of dtln's first, 397,312 B, its recurrent layer's 131,072 B).
WIDENED_LIMIT_BYTES = 256 * 1024
GATES = ("input_gate", "forget_gate", "cell_gate", "output_gate")  # mg_lstm_gate_weights' members, TFLite's order


class Layer(NamedTuple):
    """One fully connected layer as the kernel runs it: its requantization words (multiplier, rounding offset,
    right shift, sign mask, left shift + 1), its folded biases and its weights, both scaled by 2^(left shift + 1)."""

    requantization: list[int]
    biases: np.ndarray
    weights: np.ndarray


def _layer(weights: np.ndarray, biases: np.ndarray, input_offset: int, pair) -> Layer | None:
    """TFLite's MultiplyByQuantizedMultiplier(acc, m, shift) is SMMULR(acc * 2^(left + 1), m) then, for a right
    shift e, TFLite's rounding shift, which mg_dsp_requant.h's SMMLAR form gives as (t + offset + sign) >> e; the
    kernel gets the scaled accumulator from scaled weights and biases. None unless every partial sum, so scaled,
    fits int32 (|folded bias| plus the sum of |w| * 128 bounds them; the true accumulator too), the scaled weights
    fit int16 and the rounding offset keeps t in int32 (e of 30 at most)."""
    multiplier, shift = pair
    left, right = max(shift, 0), max(-shift, 0)
    w = weights.astype(np.int64)
    folded = biases + input_offset * w.sum(axis=1)
    bounds = np.maximum(np.abs(folded) + np.abs(w).sum(axis=1) * 128, dc.weight_bounds(w, 0, biases, input_offset))
    scale = 1 << (left + 1)
    if not (multiplier == 0 or multiplier >= 1 << 30) or right > 30 or 127 * scale > 32767:
        return None
    if int(bounds.max(initial=0)) * scale >= INT32_LIMIT:
        return None
    requantization = [multiplier, (1 << (right - 1)) if right else 0, right, -1 if right else 0, left + 1]
    return Layer(requantization, folded * scale, w * scale)


def layers(op, inputs, outputs) -> list[Layer] | None:
    """Per gate (input, forget, cell, output), the input's and the hidden state's layer; None when the node is not
    int8, has weights or biases that are not constant, or a layer's or a product's requantization is not exact
    in the kernel's form."""
    if inputs[0].dtype.name != "INT8" or lstm.validate(op, inputs, outputs):
        return None
    return dsp_lstm_s16.gate_layers(op, inputs, outputs, _layer)


def backend_table(found: list[Layer]) -> list[int]:
    """Per gate, the input's and the hidden state's requantization words, then their biases, each padded with
    zeros to whole blocks of four units (the kernel's gate table)."""
    table = []
    for inp, hidden in zip(found[0::2], found[1::2]):
        padding = [0] * (-len(inp.biases) % 4)
        table += [*inp.requantization, *hidden.requantization]
        table += [*(int(v) for v in inp.biases), *padding, *(int(v) for v in hidden.biases), *padding]
    return table


def _layer_words(weights: np.ndarray, taps=(0, 2, 1, 3)) -> np.ndarray:
    """A layer's (scaled) weights in the kernel's order (unidirectional_sequence_lstm_s8_dsp.c): blocks of four
    units (zero rows pad the last), each a run of tap quads (zero taps pad the last), each quad the four rows' taps
    (w0, w2) and (w1, w3) as int16 pairs in words, the int8 input's SXTB16 halves (int16x8: `taps` in order, the
    pairs (w0, w1) and (w2, w3) of the input's own words)."""
    units, depth = weights.shape
    padded = np.zeros((-(-units // 4) * 4, -(-depth // 4) * 4), dtype=np.int64)
    padded[:units, :depth] = weights
    quads = padded.reshape(-1, 4, padded.shape[1] // 4, 4).transpose(0, 2, 1, 3)[..., list(taps)]
    pairs = quads.reshape(-1, 2, 2)  # (w0, w2), (w1, w3) of each row of each quad
    return ((pairs[..., 0] & 0xFFFF) | (pairs[..., 1] << 16)).reshape(-1).astype(np.uint32).view(np.int32)


def widened_layers(found: list[Layer], taps=(0, 2, 1, 3)) -> tuple[list[int], list[int]]:
    """The input's layer in the kernel's order, gate after gate; and the hidden state's."""
    return tuple([int(v) for layer in found[side::2] for v in _layer_words(layer.weights, taps)] for side in (0, 1))


def widened_fields(found: list[Layer]) -> dict[str, list[int]]:
    """The layers the kernel reads widened: both when their copy fits WIDENED_LIMIT_BYTES, else the larger one that
    fits, else none."""
    layers = dict(zip(("input_widened", "hidden_widened"), widened_layers(found)))
    if 4 * sum(len(words) for words in layers.values()) <= WIDENED_LIMIT_BYTES:
        return layers
    fitting = [name for name, words in layers.items() if 4 * len(words) <= WIDENED_LIMIT_BYTES]
    largest = max(fitting, key=lambda name: len(layers[name]), default=None)
    return {largest: layers[largest]} if largest else {}


def params(op, inputs, outputs):
    """The family's fields, the gate tables and the layers widened while their copy is small (widened_fields; the
    kernel reads the others' int8 weights, their rows in blocks of four written over them: dc.rows_in_blocks);
    int16x8 (dsp_lstm_s16), its own tables and both layers widened."""
    p = lstm.params(op, inputs, outputs)
    if inputs[0].dtype.name == "INT16":
        found = dsp_lstm_s16.layers(op, inputs, outputs)
        p.fields.update(backend_table=dsp_lstm_s16.backend_table(found))
        p.fields.update(zip(("input_widened", "hidden_widened"), widened_layers(found, dsp_lstm_s16.TAPS)))
        return p
    found = layers(op, inputs, outputs)
    p.fields.update(backend_table=backend_table(found))
    widened = widened_fields(found)
    p.fields.update(widened)
    layers_read = (
        ("input_widened", "input_rows", lstm.INPUT_WEIGHTS),
        ("hidden_widened", "hidden_rows", lstm.RECURRENT_WEIGHTS),
    )
    for widened_field, rows_field, weights in layers_read:
        if widened_field not in widened:
            for gate, i in zip(GATES, weights):  # the model's, their rows in blocks of four
                p.fields[f"{rows_field}.{gate}"] = dc.rows_in_blocks(inputs[i])
    return p


def scratch_bytes(op, inputs, outputs):
    _, batches, _, input_size, units = lstm._dims(op, inputs)
    return _scratch.scratch_size("mg_unidirectional_sequence_lstm_s8_dsp_scratch_size", batches, units, input_size)


def claims(op, inputs, outputs):
    if inputs[0].dtype.name == "INT16":
        found = dsp_lstm_s16.layers(op, inputs, outputs)
        if found is None:
            return "its weights or biases are not constant, or its products are not exact in int32"
        if 4 * sum(map(len, widened_layers(found, dsp_lstm_s16.TAPS))) > WIDENED_LIMIT_BYTES:
            return f"its widened weights pass {WIDENED_LIMIT_BYTES} bytes"
        return None
    if layers(op, inputs, outputs) is None:
        return "not int8 with constant weights and biases"
    return None


SPEC = backend_kernel(
    lstm.SPEC,
    dc.BACKEND,
    ("INT8", "INT16"),
    SOURCES,
    params,
    claims,
    scratch_bytes=scratch_bytes,
    **lstm.backend_hooks(),
)
