"""MEAN and SUM over constant axes (keep_dims or not), float32, int8 and int16, as TFLite Micro's reduce kernels
compute them (PrepareMeanOrSum): one family, one parameter block and one math (firmware/kernels/mean.h).

int8 and int16 always take TFLite's QuantizedMeanOrSum path (TFLite Micro's EvalIntegerMean, EvalSum), even
when input and output share their quantization: the sum less count * input zero point, multiplied by
input_scale / output_scale, for MEAN with 1/count folded into the Q31 multiplier. float32 SUM is the sum
divided by 1.

More than two distinct axes are accepted: TFLite Micro's kernel keeps the resolved axes in a 2-entry stack
array (kMaxNumberOfReducedAxis) and overruns it then, though its results on the host still match these."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import NodeParams, named_kernel

MAX_DIMS = 5  # TFLite Micro's kMaxNumberOfAxis (its index scratch)


def _resolved_axes(inp, axis) -> list[int] | str:
    rank = len(inp.shape)
    resolved = []
    for a in axis.array().reshape(-1).tolist():
        current = a + rank if a < 0 else a
        if not 0 <= current < rank:
            return f"axis {a} is out of range for a {rank}-D input"
        if current not in resolved:
            resolved.append(current)
    return resolved


def validate(op, inputs, outputs):
    inp, axis = (list(inputs) + [None, None])[:2]
    if inp is None or axis is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs an input, an axis tensor and one output"
    out = outputs[0]
    if axis.data is None:
        return "the axis tensor must be constant"
    if axis.dtype.name != "INT32":
        return f"axis must be INT32 (as TFLite Micro requires), not {axis.dtype.name}"
    if not 1 <= len(inp.shape) <= MAX_DIMS:
        return f"{len(inp.shape)}-D input; TFLite Micro reduces 1-D to {MAX_DIMS}-D inputs"
    axes = _resolved_axes(inp, axis)
    if isinstance(axes, str):
        return axes
    if inp.num_elements == 0:
        return "empty input"
    kept = int(np.prod([d for i, d in enumerate(inp.shape) if i not in axes], dtype=np.int64))
    if out.num_elements != kept:
        return f"output has {out.num_elements} elements, the reduction gives {kept}"
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types not in (("INT8", "INT8"), ("INT16", "INT16")):
        return f"input/output types {'/'.join(types)} are not supported (float32, int8 or int16)"
    if inp.quant is None or out.quant is None or len(inp.quant.scale) != 1 or len(out.quant.scale) != 1:
        return f"{types[0].lower()} tensors need per-tensor quantization parameters"
    multiplier, shift = _multiplier(op, inp, out, _count(inp, axes))
    if multiplier == 0 or shift < -31:
        return "input_scale / output_scale is too small to represent"
    return None


def _count(inp, axes) -> int:
    return int(np.prod([inp.shape[a] for a in axes], dtype=np.int64))


def _multiplier(op, inp, out, count: int) -> tuple[int, int]:
    """TFLite's QuantizeMultiplier(double(in_scale) / double(out_scale)), then (MEAN) QuantizedMeanOrSum's
    folding of 1/count: shift by floor(log2(count)) (at most 32, and no more than 31 + shift) and divide."""
    multiplier, shift = quant.quantize_multiplier(float(quant.scale_of(inp)) / float(quant.scale_of(out)))
    if op.op_name == "SUM":
        return multiplier, shift
    extra = min(count.bit_length() - 1, 32, 31 + shift)
    if extra < 0:
        return 0, shift
    return (multiplier << extra) // count, shift - extra


def _padded(values: list[int], fill: int) -> list[int]:
    return [fill] * (MAX_DIMS - len(values)) + values


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    axes = _resolved_axes(inp, inputs[1])
    shape = [int(d) for d in inp.shape]
    strides = [int(np.prod(shape[i + 1 :], dtype=np.int64)) for i in range(len(shape))]
    outer = [i for i in range(len(shape)) if i not in axes]
    inner = sorted(axes)  # the input's row-major order visits reduced positions by increasing dimension
    count = _count(inp, axes)
    fields = {
        "outer_dims": _padded([shape[i] for i in outer], 1),
        "outer_strides": _padded([strides[i] for i in outer], 0),
        "inner_dims": _padded([shape[i] for i in inner], 1),
        "inner_strides": _padded([strides[i] for i in inner], 0),
        "input_count": inp.num_elements,
        "output_count": out.num_elements,
        "count": count,
        "count_f": 1.0 if op.op_name == "SUM" else float(np.float32(count)),
        "input_zero_point": 0,
        "output_zero_point": 0,
        "multiplier": 0,
        "shift": 0,
    }
    if inp.dtype.name != "FLOAT32":
        multiplier, shift = _multiplier(op, inp, out, count)
        fields.update(
            input_zero_point=quant.zero_point_of(inp),
            output_zero_point=quant.zero_point_of(out),
            multiplier=multiplier,
            shift=shift,
        )
    return NodeParams("mg_mean_params", fields)


SPECS = [
    named_kernel(
        name,
        code,
        versions,
        ("FLOAT32", "INT8", "INT16"),
        ("mean.h", "mean.c", "mean_s8.c", "mean_s16.c", "mean_f32.c", "mg_fixedpoint.h"),
        validate,
        params,
    )
    for name, code, versions in (("MEAN", 40, (1, 3)), ("SUM", 74, (1, 2)))
]
