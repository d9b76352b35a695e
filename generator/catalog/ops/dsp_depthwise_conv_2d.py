"""DEPTHWISE_CONV_2D in the dsp backend (firmware/kernels/dsp_depthwise_conv_2d*.c): int8, 3x3 filters, depth
multiplier 1, no dilation, any strides and padding, batches; the requantization exactness conditions of
_dsp_common.channel_table. Everything else stays with the reference kernel."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _dsp_common as dc
from .depthwise_conv_2d import macs, validate

BLOCK, ENTRY = 16, 9  # MG_DSP_DW_BLOCK, MG_DSP_DW_ENTRY in dsp_depthwise_conv_2d.h


def _table(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 else None
    out = outputs[0]
    o = op.options
    if not dc.all_int8(inp, weights, out) or weights.data is None:
        return None
    if tuple(weights.shape[:3]) != (1, 3, 3) or o.get("depth_multiplier", 0) != 1 or inp.shape[3] != out.shape[3]:
        return None
    if o.get("dilation_h_factor", 1) != 1 or o.get("dilation_w_factor", 1) != 1:
        return None
    channels = weights.shape[3]
    input_offset = -quant.zero_point_of(inp)
    biases = dc.bias_values(bias, channels)
    bounds = dc.weight_bounds(weights.array(), 3, biases, input_offset)
    act = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    return dc.channel_table(biases, dc.conv_pairs(inp, weights, out, channels), bounds, quant.zero_point_of(out), act,
                            doubled_bias=True, constant=dc.zero_rows(weights.array(), 3))


def claims(op, inputs, outputs):
    return _table(op, inputs, outputs) is not None


def _padded_width(op, out) -> int:
    return (out.shape[2] - 1) * op.options["stride_w"] + 3


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = dc.geometry(op, inp, weights.shape[1:3], out)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields = {k: g[k] for k in ("batches", "input_height", "input_width")}
    fields.update(depth=inp.shape[3], output_height=g["output_height"], output_width=g["output_width"],
                  stride_height=g["stride_height"], stride_width=g["stride_width"], pad_height=g["pad_height"],
                  pad_width=g["pad_width"], padded_width=_padded_width(op, out),
                  input_offset=-quant.zero_point_of(inp), act_min=act_min, act_max=act_max,
                  channels=_table(op, inputs, outputs))
    return NodeParams("mg_depthwise_conv_2d_dsp_params", fields)


def scratch_bytes(op, inputs, outputs):
    return _padded_width(op, outputs[0]) * BLOCK * 8 + 3 * BLOCK * ENTRY * 4


SPEC = KernelSpec(
    op="DEPTHWISE_CONV_2D", builtin_code=4, versions=(1, 7), dtypes=("INT8",),
    sources=("dsp_depthwise_conv_2d.h", "dsp_depthwise_conv_2d.c", "dsp_depthwise_conv_2d_s8.c", "dsp_requant.h",
             "dsp_intrinsics.h"),
    registration="mg_register_depthwise_conv_2d_dsp", validate=validate, params=params, scratch_bytes=scratch_bytes,
    backend=dc.BACKEND, claims=dc.safe(claims), macs=macs,
)
