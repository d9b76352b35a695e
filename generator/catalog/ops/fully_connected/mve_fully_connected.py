"""FULLY_CONNECTED in the mve backend (firmware/kernels/fully_connected_*mve.c): int8 with per-tensor or
per-channel weights, any depth, batches; shifts TFLite's QuantizeMultiplier gives up to a left shift of 30.
Everything else (float32, bigger left shifts) stays with the reference kernel. The shape, the multipliers and the
prepare are the family's (fully_connected); this module adds the requantization table."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import ModelWords, NodeParams
from ..common import _conv_common as cc
from ..common import _mve_common as mc
from . import fully_connected
from .fully_connected import FAMILY_SOURCES, multiplier_pairs, shape_params

SOURCES = cc.backend_sources(
    FAMILY_SOURCES,
    "fully_connected",
    "mve",
    "fully_connected_s16_mve_scratch_size.c",
    "mg_mve_matmul.h",
    "matmul_rows_s8_mve.c",
    "mg_mve.h",
    "mg_mve_matmul_s16.h",
    "matmul_rows_s16_mve.c",
    "mg_prepare_weighted_s4.c",
    "fully_connected_s4_mve.c",
)


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    out = outputs[0]
    int8 = mc.all_int8(inp, weights, out) and weights.data is not None
    if not int8 and not mc.int8_with_int4_weights(inp, weights, out):
        return "not int8 (or int4 weights) with constant weights"
    return None if mc.shifts_ok(multiplier_pairs(inp, weights, out)) else mc.SHIFTS_OUT_OF_RANGE


def _uniform(fields: dict, biases, pairs, bias, weights) -> dict:
    """`fields` (mc.requant_fields') for a node whose outputs share one multiplier and a right shift (per-tensor
    weights): the table holds only the folded biases, four a group (written over the model's int32 bias in the
    firmware's copy when they fill it exactly, generator/plan/in_place.py), 4 bytes an output instead of 9. With
    int4 weights, each pair's first bias plus 16 times its second (fully_connected_s4_mve.c's sums)."""
    multiplier, shift = pairs[0]
    if shift > 0 or any(p != pairs[0] for p in pairs):
        return fields
    biases = list(biases)
    if weights.dtype.name == "INT4":
        for row in range(0, len(biases) - 1, 2):
            biases[row] += 16 * biases[row + 1]
    padded = [mc.wrap32(b) for b in biases] + [0] * (mc.pad4(len(biases)) - len(biases))
    in_place = bias is not None and bias.dtype.name == "INT32" and len(padded) == len(biases)
    table = ModelWords(bias, tuple(padded)) if in_place else padded
    return {**fields, "table": table, "uniform": 1, "uniform_multiplier": multiplier, "uniform_neg_shift": shift}


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = shape_params(inp, weights)
    w = weights.array().reshape(weights.shape[0], -1)
    biases = mc.folded_biases(bias, w, 0, -quant.zero_point_of(inp))
    pairs = multiplier_pairs(inp, weights, out)
    requant = mc.requant_fields(biases, pairs, out, op.options.get("fused_activation_function", 0))
    fields.update(_uniform(requant, biases, pairs, bias, weights))
    if weights.dtype.name == "INT4":
        fields["weights"] = biased_int4_row_pairs(weights)
    return NodeParams("mg_fully_connected_mve_params", fields)


def biased_int4_row_pairs(weights) -> ModelWords:
    """int4 weight rows as fully_connected_s4_mve.c reads them, over the packed tensor's bytes: rows 2p and 2p + 1
    in depth bytes, byte k holding row 2p's value k plus 8 (0..15) in its low nibble and row 2p + 1's value k in its
    high one; an odd last row in ceil(depth / 2) bytes, its first values plus 8 low and its others high (zero past
    the depth). The same number of bytes as the packed tensor."""
    rows = weights.array().reshape(weights.shape[0], -1).astype(np.int64)
    outputs, depth = rows.shape
    paired = outputs & ~1
    laid = [((rows[0:paired:2] + 8) | (rows[1:paired:2] & 15) << 4).reshape(-1)]
    if outputs % 2:
        half = (depth + 1) // 2
        last = np.zeros(2 * half, np.int64)
        last[:depth] = rows[-1]
        laid.append((last[:half] + 8) | (last[half:] & 15) << 4)
    data = np.concatenate(laid)
    return ModelWords(weights, tuple(mc.pack_bytes(data)), nbytes=data.size)


SPEC = cc.backend_spec(mc, fully_connected, ("INT8", "INT4"), SOURCES, params, claims)
