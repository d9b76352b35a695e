"""FULLY_CONNECTED in the mve backend (firmware/kernels/fully_connected_*mve.c): int8 with per-tensor or
per-channel weights, any depth, batches; shifts TFLite's QuantizeMultiplier gives up to a left shift of 30.
Everything else (float32, bigger left shifts) stays with the reference kernel. The shape, the multipliers and the
prepare are the family's (fully_connected); this module adds the requantization table."""

from __future__ import annotations

from ... import quant
from ...spec import NodeParams
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
)


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    out = outputs[0]
    if not mc.all_int8(inp, weights, out) or weights.data is None:
        return False
    return mc.shifts_ok(multiplier_pairs(inp, weights, out))


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = shape_params(inp, weights)
    w = weights.array().reshape(weights.shape[0], -1)
    biases = mc.folded_biases(bias, w, 0, -quant.zero_point_of(inp))
    fields.update(
        mc.requant_fields(
            biases, multiplier_pairs(inp, weights, out), out, op.options.get("fused_activation_function", 0)
        )
    )
    return NodeParams("mg_fully_connected_mve_params", fields)


SPEC = cc.backend_spec(mc, fully_connected, ("INT8",), SOURCES, params, claims)
