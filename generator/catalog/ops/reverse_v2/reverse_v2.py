"""REVERSE_V2 (TFLite Micro's reverse.cc): float32, int8, int16, int32, int64, uint8 and bool, up to 6-D, over a
constant int32 list of contiguous axes."""

from __future__ import annotations

from ...spec import KernelSpec
from ..common._strided_copy import copy_params

MAX_DIMS = 6  # TFLite's RuntimeShape::kMaxSmallSize
TYPES = ("FLOAT32", "INT8", "INT16", "INT32", "INT64", "UINT8", "BOOL")


def _axes(inp, axis) -> list[int]:
    return sorted(int(a) % len(inp.shape) for a in axis.array().reshape(-1))


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an input, axes and one output"
    inp, axis = inputs
    out = outputs[0]
    if inp.dtype.name != out.dtype.name or inp.dtype.name not in TYPES:
        return (
            f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in TYPES)})"
        )
    if axis.dtype.name != "INT32" or axis.data is None or len(axis.shape) != 1:
        return "the axes must be a constant 1-D int32 tensor"
    if not 1 <= len(inp.shape) <= MAX_DIMS or axis.num_elements > len(inp.shape):
        return f"inputs of {len(inp.shape)} dimensions with {axis.num_elements} axes are not supported"
    values = axis.array().reshape(-1).tolist()
    if any(not -len(inp.shape) <= a < len(inp.shape) for a in values):
        return f"an axis in {values} is out of range for {len(inp.shape)} dimensions"
    axes = _axes(inp, axis)
    if any(b != a + 1 for a, b in zip(axes, axes[1:])):
        return f"the axes {values} are not contiguous (TFLite Micro reverses contiguous axes only)"
    if tuple(out.shape) != tuple(inp.shape):
        return f"output shape {list(out.shape)} differs from the input shape {list(inp.shape)}"
    return None


def params(op, inputs, outputs):
    inp, axis = inputs
    reversed_axes = set(_axes(inp, axis))
    shape = list(inp.shape)
    strides, step, start = [0] * len(shape), 1, 0
    for d in range(len(shape) - 1, -1, -1):
        strides[d] = -step if d in reversed_axes else step
        if d in reversed_axes:
            start += (shape[d] - 1) * step
        step *= shape[d]
    return copy_params("mg_reverse_v2_params", shape, strides, start, outputs[0])


SPEC = KernelSpec(
    op="REVERSE_V2",
    builtin_code=105,
    versions=(1, 3),
    dtypes=TYPES,
    sources=("reverse_v2.h", "reverse_v2.c", "reverse_v2_generic.c", "mg_strided_copy.h"),
    registration="mg_register_reverse_v2",
    validate=validate,
    params=params,
)
