"""DEPTHWISE_CONV_2D 16x8 (int16 activations, int8 filters) in the dsp backend
(firmware/kernels/depthwise_conv_2d_s16_dsp.c): filters of up to 16 rows, any width, strides, dilations, padding,
depth multiplier and batches, the reference parameters and requantization. The kernel sums in int32 (SMLAD) and
adds the bias in int32: it claims a node only when that is exact, every channel's sum of |weights| times the
largest |int16| plus |bias| inside int32."""

from __future__ import annotations

from ...spec import KernelSpec
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _scratch
from . import depthwise_conv_2d, dsp_depthwise_conv_2d

MAX_ROWS = 16  # MG_DW_S16_MAX_ROWS (depthwise_conv_2d.h)


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 else None
    if not cc.is_16x8(inp, weights, outputs[0]):
        return "not int16 with int8 weights"
    if weights.shape[1] > MAX_ROWS:
        return f"its filter has more than {MAX_ROWS} rows"
    return None if dc.sums_fit_int32_16x8(weights, bias, channel_axis=3) else dc.INEXACT_16X8


def scratch_bytes(op, inputs, outputs):
    o, weights = op.options, inputs[1]
    return _scratch.scratch_size(
        "mg_depthwise_conv_2d_s16_ring_scratch_size",
        inputs[0].shape[3],
        weights.shape[3],
        weights.shape[1],
        o.get("dilation_h_factor", 1),
        outputs[0].shape[2],
        o["stride_w"],
        weights.shape[2],
        o.get("dilation_w_factor", 1),
    )


def backend_spec(common, sources: tuple[str, ...]) -> KernelSpec:
    """The dsp or mve 16x8 DEPTHWISE_CONV_2D (`common` is _dsp_common or _mve_common): this module's claim and
    scratch, the family's parameters, and the backend's registration and `sources`, which it shares with the
    int8 kernel."""
    return cc.backend_spec(
        common, depthwise_conv_2d, ("INT16",), sources, depthwise_conv_2d.params, claims, scratch_bytes=scratch_bytes
    )


SPEC = backend_spec(dc, dsp_depthwise_conv_2d.SOURCES)
