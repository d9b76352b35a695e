"""CONV_2D in the dsp backend (firmware/kernels/conv_2d_*dsp.c): int8, one group (no grouped filters), any
filter size, strides, dilations and padding, batches; the requantization exactness conditions of
_dsp_common.channel_table. Everything else stays with the reference kernel. The geometry and the prepare are the
family's (_conv_common, conv_2d.FAMILY_SOURCES); this module adds the channel table and the scratch."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import CExpr, NodeParams
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _overlap, _scratch
from . import conv_2d
from .conv_2d import FAMILY_SOURCES

COLS = 6  # MG_DSP_CONV_COLS: output pixels per pass over the filter
SOURCES = cc.backend_sources(
    FAMILY_SOURCES,
    "conv_2d",
    "dsp",
    "conv_2d_direct_s8_dsp.c",
    "conv_2d_s16_dsp_scratch_size.c",
    "mg_dsp_mac.h",
    "mg_dsp_requant.h",
    *cc.int4_backend_sources("conv_2d", "dsp"),
)
PADDED_COPY_LIMIT = 8192  # bytes: inputs up to this size (padded) are copied padded, so no window needs clipping
DIRECT_BLOCK = 4  # conv_2d_direct_s8_dsp.c: output channels per pass over a window


def _table(op, inputs, outputs):
    node = dc.int8_node(inputs, outputs, int4=True)
    if node is None:
        return None
    inp, weights, bias, out = node
    return dc.conv_channel_table(op, inp, weights, bias, out, channel_axis=0)


def claims(op, inputs, outputs):
    if dc.int8_node(inputs, outputs, int4=True) is None:
        return dc.NOT_INT8_CONSTANT
    inp, weights = inputs[0], inputs[1]
    if inp.data is not None:  # the kernel may read up to 3 bytes past a window row: the input must be in the arena
        return "its input is a constant (the kernel may read 3 bytes past a window row)"
    if weights.shape[3] != inp.shape[3]:
        return "it is grouped"
    return dc.INEXACT_REQUANT if _table(op, inputs, outputs) is None else None


def _padded(op, inputs, outputs) -> tuple[int, int]:
    """The extents of the padded input copy (every window inside it), or (0, 0) for none: when at least half the
    windows leave the input (small inputs, large filters) and the copy is small; the others clip their windows."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    extents, inside = [], 1.0
    for axis, taps in (("height", weights.shape[1]), ("width", weights.shape[2])):
        size, pad, stride = g[f"input_{axis}"], g[f"pad_{axis}"], g[f"stride_{axis}"]
        outs, span = g[f"output_{axis}"], (taps - 1) * g[f"dilation_{axis}"] + 1
        extents.append(max(pad + size, (outs - 1) * stride + span))
        inside *= sum(0 <= o * stride - pad and o * stride - pad + span <= size for o in range(outs)) / outs
    height, width = extents
    if inside > 0.5 or height * width * inp.shape[3] > PADDED_COPY_LIMIT:
        return 0, 0
    return height, width


DIRECT_MAX_CHANNELS = 16  # the direct form's sums cost 0.94 instructions a MAC to the columns' 0.75, but no
# columns: it is the faster up to about this many output channels (tflite_micro_speech's first layer, 8 channels:
# -5 %; keyword_spotting's, 64: +14 %)


def _direct(op, inputs) -> bool:
    """conv_2d.h's direct form: a depth-1 input, filter rows of whole words, no dilation, an int8 filter, few output
    channels."""
    weights = inputs[1]
    return (
        inputs[0].shape[3] == 1
        and weights.shape[0] <= DIRECT_MAX_CHANNELS
        and weights.shape[2] % 4 == 0
        and weights.dtype.name == "INT8"
        and op.options.get("dilation_h_factor", 1) == op.options.get("dilation_w_factor", 1) == 1
    )


def direct_weights(weights: np.ndarray) -> list[int]:
    """The direct form's weight words (conv_2d.h, direct_weights) of an (O, H, W, 1) int8 filter."""
    w = weights.astype(np.int64)[..., 0] * 2
    taps = w.reshape(w.shape[0], w.shape[1], w.shape[2] // 4, 4)
    pairs = np.stack(
        [(taps[..., 0] & 0xFFFF) | (taps[..., 2] << 16), (taps[..., 1] & 0xFFFF) | (taps[..., 3] << 16)], -1
    )
    blocks = w.shape[0] // DIRECT_BLOCK * DIRECT_BLOCK
    whole = pairs[:blocks].reshape(-1, DIRECT_BLOCK, *pairs.shape[1:]).transpose(0, 2, 3, 1, 4)
    words = np.concatenate([whole.ravel(), pairs[blocks:].ravel()]).astype(np.uint32)
    return words.view(np.int32).tolist()


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    fields = cc.geometry_params(op, inp, weights.shape[1:3], out)
    fields["padded_height"], fields["padded_width"] = _padded(op, inputs, outputs)
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields.update(
        input_offset=-quant.zero_point_of(inp), act_min=act_min, act_max=act_max, channels=_table(op, inputs, outputs)
    )
    if _direct(op, inputs):  # named here, so that only a firmware with such a node links the direct kernel
        fields["direct"] = CExpr("mg_conv_2d_direct_s8_dsp")
        fields["direct_weights"] = direct_weights(weights.array())
    return NodeParams("mg_conv_2d_dsp_params", fields)


def scratch_bytes(op, inputs, outputs):
    """The int8 kernel's scratch; with an int4 filter, the widened filter before it (conv_2d_s4_dsp.c)."""
    return cc.int4_backend_scratch("mg_conv_2d_s4_dsp_scratch_size", inputs[1], _int8_scratch(op, inputs, outputs))


def _int8_scratch(op, inputs, outputs):
    weights, out = inputs[1], outputs[0]
    if _direct(op, inputs):
        return _scratch.scratch_size("mg_conv_2d_direct_s8_dsp_scratch_size", *weights.shape[1:3])
    height, width = _padded(op, inputs, outputs)
    return _scratch.scratch_size(
        "mg_conv_2d_s8_dsp_scratch_size",
        *weights.shape[1:4],
        op.options.get("dilation_w_factor", 1),
        weights.shape[0],
        height * width * inputs[0].shape[3],
        out.shape[1] * out.shape[2],
        int(_pointwise(op, inputs, outputs)),
    )


def _pointwise(op, inputs, outputs) -> bool:
    """mg_conv_2d_dsp_pointwise (conv_2d.h): the pixels expand straight from the input, no staging column."""
    g = cc.geometry_fields(op, inputs[0], inputs[1].shape[1:3], outputs[0])
    same = tuple(inputs[0].shape[1:3]) == tuple(outputs[0].shape[1:3])
    one = tuple(inputs[1].shape[1:3]) == (1, 1) and g["stride_height"] == g["stride_width"] == 1
    return one and g["pad_height"] == g["pad_width"] == 0 and same and inputs[0].shape[3] % 4 == 0


def overlap(op, inputs, outputs) -> int | None:
    """The direct form (conv_2d_direct_s8_dsp.c) writes a pixel's outputs while reading its window, block by
    block; conv_2d_s8_dsp.c writes COLS pixels at a time in pixel order, each group after staging its windows into
    int16 columns (or after copying the whole image, padded), a batch's last partial group moved back over its
    last COLS pixels (pointwise: keeping the columns of the redone pixels, so it reads no input again); the native
    rows may read up to 3 bytes past a window row, but those bytes are never used."""
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    g = cc.geometry_fields(op, inp, weights.shape[1:3], out)
    if _direct(op, inputs):  # pixel by pixel, its outputs written while its window is still read
        return _overlap.pixel_groups(inp, out, g, weights.shape[1:3], 1, own=True)
    whole = _padded(op, inputs, outputs) != (0, 0)
    back = not _pointwise(op, inputs, outputs)
    return _overlap.pixel_groups(inp, out, g, weights.shape[1:3], COLS, whole_image=whole, back=back)


SPEC = cc.backend_spec(
    dc, conv_2d, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes, overlap=overlap
)
