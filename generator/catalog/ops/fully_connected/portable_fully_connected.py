"""FULLY_CONNECTED in the portable backend (firmware/kernels/fully_connected_*portable.c, for cores without DSP:
Cortex-M0/M0+, Cortex-M3): int8 with per-tensor or per-channel weights, any depth (a row longer than CHUNK is staged
in chunks), batches. The shape, the multipliers and the prepare are the family's (fully_connected); this module adds
the rearranged weights, the channel table and the scratch."""

from __future__ import annotations

from ... import quant
from ...spec import NodeParams
from ..common import _conv_common as cc
from ..common import _portable_common as pc
from ..common import _scratch
from . import fully_connected
from .fully_connected import FAMILY_SOURCES, multiplier_pairs, shape_params

SOURCES = (
    *FAMILY_SOURCES,
    "fully_connected_portable.c",
    "fully_connected_s8_portable.c",
    "mg_portable_dot.h",
    "portable_dot8.c",
    "mg_fixedpoint.h",
)


def claims(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    return None if pc.all_int8(inp, weights, out) and weights.data is not None else "not int8 with constant weights"


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    fields = shape_params(inp, weights)
    rows = weights.array().reshape(weights.shape[0], -1)
    pairs = multiplier_pairs(inp, weights, out)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields.update(
        weights=pc.in_model(weights, pc.interleaved_weights(rows)),
        **pc.channel_table(rows, bias, quant.zero_point_of(inp), pairs),
        thresholds=pc.thresholds(
            rows,
            pc.bias_values(bias, len(rows)),
            quant.zero_point_of(inp),
            pairs,
            quant.zero_point_of(out),
            act_min,
            act_max,
        ),
        output_offset=quant.zero_point_of(out),
        act_min=act_min,
        act_max=act_max,
    )
    return NodeParams("mg_fully_connected_portable_params", fields)


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_fully_connected_s8_portable_scratch_size", int(inputs[1].array()[0].size))


SPEC = cc.backend_spec(pc, fully_connected, ("INT8",), SOURCES, params, claims, scratch_bytes=scratch_bytes)
