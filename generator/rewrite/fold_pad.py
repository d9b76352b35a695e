"""A PAD (or PADV2) of zeros in front of a VALID CONV_2D or DEPTHWISE_CONV_2D, and read by nothing else, becomes
the convolution's SAME padding where that is exactly the same computation: the padding only on height and
width, the convolution's SAME output size equal to its output, the rows and columns before equal to what
SAME puts before (TFLite's ComputePaddingWithOffset), and enough after for every tap SAME reads.

SAME skips the taps that fall outside the image, which adds what a padded zero adds: nothing for float32, and
for int8 nothing only when the padding value is the input's zero point (int8 PAD pads with the zero point;
the padded tensor must then share the input's scale and zero point)."""

from __future__ import annotations

import numpy as np

from ..catalog import quant
from ..catalog.windows import PADDING_SAME, PADDING_VALID, out_size, pad_before
from ..model import Operator, Tensor
from .work import Rewrite, Work

CONVOLUTIONS = ("CONV_2D", "DEPTHWISE_CONV_2D")


def _pads_with_nothing(work: Work, pad: Operator, inp: Tensor, padded: Tensor) -> bool:
    if inp.dtype != padded.dtype or inp.quant != padded.quant:
        return False
    value = 0.0
    if pad.op_name == "PADV2":
        if len(pad.inputs) < 3 or not work.is_constant(pad.inputs[2]):
            return False
        value = work.tensors[pad.inputs[2]].array().reshape(-1)[0]
    if inp.dtype.name == "FLOAT32":
        return float(value) == 0.0
    if inp.dtype.name == "INT8" and inp.quant is not None and len(inp.quant.scale) == 1:
        zero = quant.zero_point_of(inp)
        return pad.op_name == "PAD" or int(value) == zero
    return False


def _same_fits(conv: Operator, image: Tensor, filter_hw: tuple[int, int], out: Tensor, amounts) -> bool:
    o = conv.options
    steps = (
        (o.get("stride_h", 1), o.get("dilation_h_factor", 1)),
        (o.get("stride_w", 1), o.get("dilation_w_factor", 1)),
    )
    for axis, (stride, dilation), taps in zip((1, 2), steps, filter_hw):
        size, before, after = image.shape[axis], *amounts[axis]
        if out.shape[axis] != out_size(PADDING_SAME, size, taps, stride, dilation):
            return False
        if out_size(PADDING_VALID, size + before + after, taps, stride, dilation) != out.shape[axis]:
            return False
        wanted = pad_before(size, taps, stride, dilation, out.shape[axis])
        total = max((out.shape[axis] - 1) * stride + (taps - 1) * dilation + 1 - size, 0)
        if before != wanted or after < total - wanted:
            return False
    return True


def fold_pads(work: Work) -> list[Rewrite]:
    rewrites = []
    for conv in list(work.operators):
        if conv.op_name not in CONVOLUTIONS or conv.options.get("padding") != PADDING_VALID or len(conv.inputs) < 2:
            continue
        pad = work.producer(conv.inputs[0])
        if pad is None or pad.op_name not in ("PAD", "PADV2") or not work.is_constant(pad.inputs[1]):
            continue
        inp, padded, out = work.tensors[pad.inputs[0]], work.tensors[conv.inputs[0]], work.tensors[conv.outputs[0]]
        amounts = work.tensors[pad.inputs[1]].array().astype(np.int64).tolist()
        weights = work.tensors[conv.inputs[1]]
        if (
            len(inp.shape) != 4
            or len(amounts) != 4
            or amounts[0] != [0, 0]
            or amounts[3] != [0, 0]
            or min(min(a) for a in amounts) < 0
            or conv.inputs.count(padded.index) != 1
            or not work.only_reader(padded.index, conv)
            or not _pads_with_nothing(work, pad, inp, padded)
            or not _same_fits(conv, inp, (weights.shape[1], weights.shape[2]), out, amounts)
        ):
            continue
        conv.inputs[0] = inp.index
        conv.options["padding"] = PADDING_SAME
        work.remove(pad)
        rewrites.append(
            Rewrite(
                "fold",
                [pad.index, conv.index],
                [pad.op_name, conv.op_name],
                f"padding {amounts[1]} x {amounts[2]} becomes node {conv.index}'s SAME padding ({inp.dtype.name})",
            )
        )
    return rewrites
