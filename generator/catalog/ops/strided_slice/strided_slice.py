"""STRIDED_SLICE with constant begin/end/strides, up to 4-D (TFLite Micro's limit); int8, int16, int32, float32, bool.

The generator resolves begin/end/strides and the masks per axis exactly as TFLite Micro does: its prepare
(StartForAxis/StopForAxis, float ceil) fixes the output shape, its reference kernel
(StridedSliceStartForAxis/StridedSliceEndForAxis, loops padded to 5-D) the elements it copies. The kernel
gets a count and an input step per axis, and the input element where the slice begins."""

from __future__ import annotations

import math

import numpy as np

from ...spec import KernelSpec, NodeParams
from ..common._copy import COPY_SOURCES, INT8_16_32_F_B, check_types, constant_int32, product
from ..common._views import box_offset

SOURCES = ("strided_slice.h", "strided_slice.c", "strided_slice_copy.c", *COPY_SOURCES)
MAX_DIMS = 4  # TFLite Micro rejects larger inputs
KERNEL_DIMS = 5  # MG_STRIDED_SLICE_DIMS
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _clamp(v: int, lo: int, hi: int) -> int:
    return hi if hi < v else lo if v < lo else v


def _bit(mask: int, axis: int) -> bool:
    return bool(mask & (1 << axis))


def _prepare_index(index: int, masked: bool, is_stop: bool, size: int, stride: int) -> int:
    """StartForAxis's start or StopForAxis's stop on a non-empty axis: the index (masked: the extreme at the side the
    stride walks from, or for the stop to), counted from the end when negative, clamped to the axis."""
    if masked:
        index = INT_MIN if (stride > 0) != is_stop else INT_MAX
    if index < 0:
        index += size
    return _clamp(index, 0, size) if stride > 0 else _clamp(index, -1, size - 1)


def _prepare_shape(size, begin, end, stride, axis, masks) -> tuple[int, bool]:
    """TFLite Micro's CheckOutputSize for one axis: (the output dimension, whether the axis is shrunk)."""
    begin_mask, end_mask, shrink_mask = masks
    shrink = _bit(shrink_mask, axis)
    # StartForAxis
    if size == 0:
        start = 0
    else:
        start = _prepare_index(begin, _bit(begin_mask, axis), False, size, stride)
    # StopForAxis
    if size == 0:
        stop = 0
    elif shrink:
        stop = start + 1
    else:
        stop = _prepare_index(end, _bit(end_mask, axis), True, size, stride)
    if shrink:
        stop = start + 1
    # int32_t dim_shape = std::ceil((end - begin) / static_cast<float>(stride));
    dim = int(math.ceil(float(np.float32(stop - start) / np.float32(stride))))
    return max(dim, 0), shrink


def _kernel_axis(size, begin, end, stride, axis, masks) -> tuple[int, int]:
    """TFLite Micro's reference loop for one axis: (first index, number of elements it visits)."""
    begin_mask, end_mask, shrink_mask = masks
    # StridedSliceStartForAxis
    start = begin + size if begin < 0 else begin
    start = _clamp(start, 0, size) if stride > 0 else _clamp(start, -1, size - 1)
    if _bit(begin_mask, axis):
        start = 0 if stride > 0 else size - 1
    # StridedSliceEndForAxis (TFLite Micro never sets `offset`)
    if _bit(shrink_mask, axis):
        stop = start if start >= size else start + 1
    else:
        stop = end + size if end < 0 else end
        stop = _clamp(stop, 0, size) if stride > 0 else _clamp(stop, -1, size - 1)
        if _bit(end_mask, axis):
            stop = size if stride > 0 else -1
    # for (i = start; stride > 0 ? i < stop : i > stop; i += stride)
    count = -((start - stop) // stride) if stride > 0 else -((stop - start) // -stride)
    return start, max(count, 0)


def _resolve(op, inputs):
    """(per axis: start, count, stride), the output shape TFLite Micro expects; or a reason."""
    inp = inputs[0]
    rank = len(inp.shape)
    values = []
    for t, what in zip(inputs[1:4], ("begin", "end", "strides")):
        v, problem = constant_int32(t, what)
        if problem:
            return None, None, problem
        if len(t.shape) != 1 or v.size != rank:
            return None, None, f"the {what} tensor must hold {rank} values (one per input axis), not {v.size}"
        values.append([int(x) for x in v])
    begin, end, strides = values
    if any(s == 0 for s in strides):
        return None, None, "a stride of 0 is not allowed"
    masks = tuple(int(op.options.get(k, 0)) for k in ("begin_mask", "end_mask", "shrink_axis_mask"))
    axes, shape = [], []
    for axis in range(rank):
        size = int(inp.shape[axis])
        dim, shrink = _prepare_shape(size, begin[axis], end[axis], strides[axis], axis, masks)
        if not shrink:
            shape.append(dim)
        start, count = _kernel_axis(size, begin[axis], end[axis], strides[axis], axis, masks)
        axes.append((start, count, strides[axis]))
    return axes, shape, None


def validate(op, inputs, outputs):
    if len(inputs) != 4 or inputs[0] is None or len(outputs) != 1:
        return "needs the inputs (input, begin, end, strides) and one output"
    inp, out = inputs[0], outputs[0]
    problem = check_types([inp, out], INT8_16_32_F_B)
    if problem:
        return problem
    if not 1 <= len(inp.shape) <= MAX_DIMS:
        return f"a {len(inp.shape)}-D input is not supported (1-D to {MAX_DIMS}-D, as TFLite Micro)"
    for key in ("ellipsis_mask", "new_axis_mask"):
        if op.options.get(key, 0):
            return f"{key} is not supported (TFLite Micro ignores it); convert without it"
    if op.options.get("offset", False):
        return "offset is not supported (TFLite Micro ignores it)"
    axes, shape, problem = _resolve(op, inputs)
    if problem:
        return problem
    if list(out.shape) != shape:
        return f"output shape {list(out.shape)} differs from the slice's shape {shape}"
    copied = product(count for _, count, _ in axes)
    if copied == 0 or copied != out.num_elements:
        return (
            f"the slice copies {copied} elements into an output of {out.num_elements} (an empty or out-of-range slice)"
        )
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    axes, _, _ = _resolve(op, inputs)
    rank = len(inp.shape)
    in_strides = [1] * rank
    for d in range(rank - 2, -1, -1):
        in_strides[d] = in_strides[d + 1] * int(inp.shape[d + 1])
    pad = KERNEL_DIMS - rank
    counts = [1] * pad + [count for _, count, _ in axes]
    steps = [0] * pad + [stride * in_strides[d] for d, (_, _, stride) in enumerate(axes)]
    base = sum(start * in_strides[d] for d, (start, _, _) in enumerate(axes))
    return NodeParams(
        "mg_strided_slice_params",
        {
            "input_elements": inp.num_elements,
            "output_elements": outputs[0].num_elements,
            "base": base,
            "counts": counts,
            "steps": steps,
        },
    )


def evaluate(op, inputs, outputs) -> np.ndarray | None:
    """The slice of a constant input, element for element what the kernel copies (the rewrite stage folds it);
    None where the node is not one the kernel takes."""
    if validate(op, inputs, outputs):
        return None
    axes, _, _ = _resolve(op, inputs)
    picked = np.ix_(*[start + stride * np.arange(count) for start, count, stride in axes])
    return inputs[0].array()[picked].reshape(outputs[0].shape)


def view_offsets(op, inputs, outputs):
    """Stride 1 (wherever an axis keeps more than one element) over a box that is one run of the input."""
    inp = inputs[0]
    axes, _, _ = _resolve(op, inputs)
    if any(count > 1 and stride != 1 for _, count, stride in axes):
        return None
    start = box_offset(inp.shape, [s for s, _, _ in axes], [count for _, count, _ in axes])
    return None if start is None else (0, [start * inp.dtype.size])


SPEC = KernelSpec(
    op="STRIDED_SLICE",
    builtin_code=45,
    versions=(1, 8),
    dtypes=INT8_16_32_F_B,
    sources=SOURCES,
    registration="mg_register_strided_slice",
    validate=validate,
    params=params,
    view_offsets=view_offsets,
)
