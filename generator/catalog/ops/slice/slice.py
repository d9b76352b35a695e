"""SLICE (TFLite Micro's slice.cc): float32, int8, int16, int32 and bool, up to 5-D, with constant int32 or int64
begin and size (a size of -1 runs to the end of its dimension)."""

from __future__ import annotations

from ...spec import KernelSpec
from ..common._strided_copy import copy_params
from ..common._views import box_offset

MAX_DIMS = 5  # TFLite Micro's kMaxDim
TYPES = ("FLOAT32", "INT8", "INT16", "INT32", "BOOL")


def _box(inp, begin, size) -> tuple[list[int], list[int]]:
    begins = [int(v) for v in begin.array().reshape(-1)]
    sizes = [int(v) for v in size.array().reshape(-1)]
    return begins, [d - b if s == -1 else s for d, b, s in zip(inp.shape, begins, sizes)]


def validate(op, inputs, outputs):
    if len(inputs) != 3 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs input, begin and size and one output"
    inp, begin, size = inputs
    out = outputs[0]
    if inp.dtype.name != out.dtype.name or inp.dtype.name not in TYPES:
        return (
            f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in TYPES)})"
        )
    if begin.data is None or size.data is None:
        return "begin and size must be constant"
    if begin.dtype.name not in ("INT32", "INT64") or size.dtype.name != begin.dtype.name:
        return "begin and size must both be int32 or both int64"
    if (
        not 1 <= len(inp.shape) <= MAX_DIMS
        or begin.num_elements != len(inp.shape)
        or size.num_elements != len(inp.shape)
    ):
        return f"begin and size need one entry per input dimension (1 to {MAX_DIMS} dimensions)"
    begins, sizes = _box(inp, begin, size)
    if any(b < 0 or s < 0 or b + s > d for b, s, d in zip(begins, sizes, inp.shape)):
        return f"the slice begin {begins} size {sizes} leaves the input shape {list(inp.shape)}"
    if list(out.shape) != sizes:
        return f"output shape {list(out.shape)} is not the slice size {sizes}"
    return None


def params(op, inputs, outputs):
    inp, begin, size = inputs
    begins, sizes = _box(inp, begin, size)
    strides, step = [0] * len(inp.shape), 1
    for d in range(len(inp.shape) - 1, -1, -1):
        strides[d] = step
        step *= inp.shape[d]
    start = sum(b * s for b, s in zip(begins, strides))
    return copy_params("mg_slice_params", sizes, strides, start, outputs[0])


def view_offsets(op, inputs, outputs):
    """A box whose elements are one run of the input is a view of it."""
    inp = inputs[0]
    start = box_offset(inp.shape, *_box(inp, inputs[1], inputs[2]))
    return None if start is None else (0, [start * inp.dtype.size])


SPEC = KernelSpec(
    op="SLICE",
    builtin_code=65,
    versions=(1, 6),
    dtypes=TYPES,
    sources=("slice.h", "slice.c", "slice_generic.c", "mg_strided_copy.h"),
    registration="mg_register_slice",
    validate=validate,
    params=params,
    view_offsets=view_offsets,
)
