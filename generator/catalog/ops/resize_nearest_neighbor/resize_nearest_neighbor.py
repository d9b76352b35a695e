"""RESIZE_NEAREST_NEIGHBOR (4-D NHWC; float32, int8, int16) with a constant size tensor.

TFLite's GetNearestNeighbor is float32 math; it runs here, once per output row and column, with numpy
float32 so every rounding matches, and the firmware only copies pixels."""

from __future__ import annotations

import math

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams

TYPES = ("FLOAT32", "INT8", "INT16")


def nearest(value: int, in_size: int, out_size: int, align_corners: bool, half_pixel_centers: bool) -> int:
    f32 = np.float32
    if align_corners and out_size > 1:
        scale = f32(in_size - 1) / f32(out_size - 1)
    else:
        scale = f32(in_size) / f32(out_size)
    offset = f32(0.5) if half_pixel_centers else f32(0.0)
    position = (f32(value) + offset) * scale  # float32 throughout, as the C++ does
    index = quant.round_half_away(float(position)) if align_corners else math.floor(float(position))
    index = min(index, in_size - 1)
    return max(0, index) if half_pixel_centers else index


def check_resize(inputs, outputs, types: tuple[str, ...]) -> str | None:
    """The checks both resize ops make: a 4-D input of one of `types`, a constant int32 size, the output it sets."""
    inp, size = (list(inputs) + [None, None])[:2]
    if inp is None or size is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs an input, a size tensor and one output"
    out = outputs[0]
    if len(inp.shape) != 4:
        return f"input must be 4-D (NHWC), not {len(inp.shape)}-D"
    if size.data is None:
        return "the size tensor must be constant (TFLite Micro needs it at prepare time)"
    if size.dtype.name != "INT32" or size.shape != (2,):
        return "size must be a 1-D INT32 tensor of 2 elements"
    if inp.dtype.name not in types:
        return f"input type {inp.dtype.name} is not supported ({', '.join(t.lower() for t in types)})"
    if out.dtype.name != inp.dtype.name:
        return f"output type {out.dtype.name} differs from input type {inp.dtype.name}"
    out_h, out_w = (int(v) for v in size.array())
    expected = (inp.shape[0], out_h, out_w, inp.shape[3])
    if out_h < 1 or out_w < 1:
        return f"output size {out_h}x{out_w} is empty"
    if tuple(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the size tensor's {list(expected)}"
    if min(inp.shape) < 1:
        return "empty input"
    return None


def validate(op, inputs, outputs):
    return check_resize(inputs, outputs, TYPES)


def geometry(inputs) -> dict:
    """The leading fields both resize ops' parameter blocks share: the input's NHWC shape and the output size."""
    b, h, w, d = (int(v) for v in inputs[0].shape)
    out_h, out_w = (int(v) for v in inputs[1].array())
    return {
        "batches": b,
        "input_height": h,
        "input_width": w,
        "depth": d,
        "output_height": out_h,
        "output_width": out_w,
    }


def params(op, inputs, outputs):
    fields = geometry(inputs)
    h, w, out_h, out_w = (fields[k] for k in ("input_height", "input_width", "output_height", "output_width"))
    align, half = bool(op.options.get("align_corners", False)), bool(op.options.get("half_pixel_centers", False))
    return NodeParams(
        "mg_resize_nearest_neighbor_params",
        {
            **fields,
            "source_rows": [nearest(y, h, out_h, align, half) for y in range(out_h)],
            "source_columns": [nearest(x, w, out_w, align, half) for x in range(out_w)],
        },
    )


SPEC = KernelSpec(
    op="RESIZE_NEAREST_NEIGHBOR",
    builtin_code=97,
    versions=(1, 4),
    dtypes=TYPES,
    sources=("resize_nearest_neighbor.h", "resize_nearest_neighbor.c", "resize_nearest_neighbor_generic.c"),
    registration="mg_register_resize_nearest_neighbor",
    validate=validate,
    params=params,
)
