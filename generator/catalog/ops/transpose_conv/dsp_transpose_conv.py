"""TRANSPOSE_CONV in the dsp backend (firmware/kernels/transpose_conv_*dsp.c): int8 nodes whose requantization the
dsp channel table makes exact (_dsp_common.channel_table); the others stay with the reference kernel. The geometry,
the parameters and the prepare are the family's (transpose_conv); this module adds the channel table and the
scratch."""

from __future__ import annotations

from math import prod

from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _scratch
from . import transpose_conv
from .transpose_conv import FAMILY_SOURCES, node_tensors
from .transpose_conv import params as family_params


def _table(op, inputs, outputs):
    """The dsp channel table (the bound of _dsp_common.weight_bounds holds: an output element meets each filter
    tap at most once), or None when the fast requantization would not be exact."""
    _, weights, inp, bias, out = node_tensors(inputs, outputs)
    if not dc.all_int8(weights, inp, out):
        return None
    return dc.conv_channel_table(op, inp, weights, bias, out, channel_axis=0)


def claims(op, inputs, outputs):
    if not dc.all_int8(inputs[1], inputs[2], outputs[0]):
        return "not int8"
    return dc.INEXACT_REQUANT if _table(op, inputs, outputs) is None else None


def params(op, inputs, outputs):
    node = family_params(op, inputs, outputs)
    node.fields["channels"] = _table(op, inputs, outputs)
    return node


def scratch_bytes(op, inputs, outputs):
    weights = inputs[1]
    return _scratch.scratch_size(
        "mg_transpose_conv_s8_dsp_scratch_size", outputs[0].num_elements, prod(weights.shape[:3]), weights.shape[3]
    )


SOURCES = (
    *FAMILY_SOURCES,
    "transpose_conv_dsp.c",
    "transpose_conv_s8_dsp.c",
    "mg_dsp_dot16.h",
    "mg_dsp_mac.h",
    "mg_dsp_requant.h",
    "mg_dsp.h",
)
SPEC = cc.backend_spec(dc, transpose_conv, ("INT8",), SOURCES, params, claims, scratch_bytes=scratch_bytes)
