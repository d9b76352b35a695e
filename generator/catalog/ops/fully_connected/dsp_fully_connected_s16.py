"""FULLY_CONNECTED 16x8 (int16 activations, int8 weights) in the dsp backend
(firmware/kernels/fully_connected_s16_dsp.c): the reference parameters and requantization, four weight rows at a
time in SMLAD. It claims nodes with a symmetric input (no input offset to fold) whose int32 sums are exact
(_dsp_common.sums_fit_int32_16x8).
Per-channel requantization constants come from the generator (channel_requant)."""

from __future__ import annotations

from ... import quant
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _scratch
from . import fully_connected as fc
from .dsp_fully_connected import SOURCES
from .fully_connected import shape_params


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 and inputs[2] is not None else None
    if not cc.is_16x8(inp, weights, outputs[0]):
        return "not int16 with int8 weights"
    if quant.zero_point_of(inp) != 0:
        return "its input zero point is not 0"
    return None if dc.sums_fit_int32_16x8(weights, bias) else dc.INEXACT_16X8


def params(op, inputs, outputs):
    """The reference parameters; per-channel weights add each channel's multiplier and shift (computed here once,
    as the reference kernel computes them on the device at every invoke)."""
    node = fc.params(op, inputs, outputs)
    if node.fields["per_channel"]:
        pairs = fc.multiplier_pairs(inputs[0], inputs[1], outputs[0])
        node.fields["channel_requant"] = [value for pair in pairs for value in pair]
    return node


def scratch_bytes(op, inputs, outputs):
    shape = shape_params(inputs[0], inputs[1])
    return _scratch.scratch_size(
        "mg_fully_connected_s16_dsp_scratch_size",
        shape["shape.batches"],
        shape["shape.accum_depth"],
        shape["shape.output_depth"],
    )


SPEC = cc.backend_spec(dc, fc, ("INT16",), SOURCES, params, claims, scratch_bytes=scratch_bytes)
