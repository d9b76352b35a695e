"""FULLY_CONNECTED in the mve backend (firmware/kernels/fully_connected_*mve.c): int8 with per-tensor or
per-channel weights, any depth, batches; shifts TFLite's QuantizeMultiplier gives up to a left shift of 30.
Everything else (float32, bigger left shifts) stays with the reference kernel. The shape, the multipliers and the
prepare are the family's (fully_connected); this module adds the requantization table."""

from __future__ import annotations

from ... import quant
from ...spec import ModelWords, NodeParams
from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _scratch
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
    *cc.int4_backend_sources("fully_connected", "mve"),
)


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    out = outputs[0]
    int8 = mc.all_int8(inp, weights, out) and weights.data is not None
    if not int8 and not mc.int8_with_int4_weights(inp, weights, out):
        return "not int8 (or int4 weights) with constant weights"
    if not int8 and weights.num_elements // weights.shape[0] * 128 * 8 * 16 >= 2**31:
        return "its int4 rows are too long (fully_connected_s4_mve.c sums 16 products in int32)"
    return None if mc.shifts_ok(multiplier_pairs(inp, weights, out)) else mc.SHIFTS_OUT_OF_RANGE


def _uniform(fields: dict, biases, pairs, bias, weights) -> dict:
    """`fields` (mc.requant_fields') for an int8 node whose outputs share one multiplier and a right shift
    (per-tensor weights): the table holds only the folded biases, four a group (written over the model's int32 bias
    in the firmware's copy when they fill it exactly, generator/plan/in_place.py), 4 bytes an output instead of 9."""
    multiplier, shift = pairs[0]
    if weights.dtype.name != "INT8" or shift > 0 or any(p != pairs[0] for p in pairs):
        return fields
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
    return NodeParams("mg_fully_connected_mve_params", fields)


def scratch_bytes(op, inputs, outputs):
    """None for int8 weights; for int4 ones the split input or the widened weights (fully_connected_s4_mve.c)."""
    weights = inputs[1]
    if weights.dtype.name != "INT4":
        return 0
    depth = weights.num_elements // weights.shape[0]
    return _scratch.scratch_size("mg_fully_connected_s4_mve_scratch_size", depth, weights.shape[0])


SPEC = cc.backend_spec(mc, fully_connected, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes)
