"""RESIZE_BILINEAR (TFLite Micro's resize_bilinear.cc): 4-D NHWC float32 and int8 with a constant size tensor,
align_corners or half_pixel_centers (not both, as TFLite Micro refuses).

TFLite's ComputeInterpolationValues runs here once per output row and column: in float32 for float (numpy
float32, so every rounding matches) and with 10 fractional bits for int8 (ComputeInterpolationValuesInteger, C
integer division); the firmware gets the two input rows/columns and the fraction and only blends."""

from __future__ import annotations

import math

import numpy as np

from ...spec import KernelSpec, NodeParams
from ..common._common import c_div
from ..resize_nearest_neighbor.resize_nearest_neighbor import check_resize, geometry

TYPES = ("FLOAT32", "INT8")


def float_axis(out_size: int, in_size: int, align: bool, half: bool) -> tuple[list[int], list[float]]:
    """Per output index: the two input indices and the float32 fraction toward the second."""
    f32 = np.float32
    scale = f32(in_size - 1) / f32(out_size - 1) if align and out_size > 1 else f32(in_size) / f32(out_size)
    pairs, fractions = [], []
    for value in range(out_size):
        scaled = (f32(value) + f32(0.5)) * scale - f32(0.5) if half else f32(value) * scale
        low = max(int(math.floor(scaled)), 0)
        pairs += [low, min(int(math.ceil(scaled)), in_size - 1)]
        fractions.append(float(scaled - f32(low)))
    return pairs, fractions


def integer_axis(out_size: int, in_size: int, align: bool, half: bool) -> tuple[list[int], list[int]]:
    """Per output index: the two input indices and the fraction toward the second in 1/1024ths."""
    if align and out_size > 1:
        scale = ((1 << 10) * (in_size - 1) + (out_size - 1) // 2) // (out_size - 1)
    else:
        scale = ((1 << 10) * in_size + out_size // 2) // out_size
    pairs, fractions = [], []
    for value in range(out_size):
        scaled = value * scale + scale // 2 - (1 << 9) if half else value * scale
        low = max(c_div(scaled, 1 << 10), 0)
        pairs += [low, min(c_div(scaled + (1 << 10) - 1, 1 << 10), in_size - 1)]
        fractions.append(scaled - (1 << 10) * low)
    return pairs, fractions


def validate(op, inputs, outputs):
    if op.options.get("align_corners", False) and op.options.get("half_pixel_centers", False):
        return "align_corners and half_pixel_centers are both set (TFLite Micro allows one of them)"
    return check_resize(inputs, outputs, TYPES)


def params(op, inputs, outputs):
    fields = geometry(inputs)
    align, half = bool(op.options.get("align_corners", False)), bool(op.options.get("half_pixel_centers", False))
    is_int8 = inputs[0].dtype.name == "INT8"
    axis = integer_axis if is_int8 else float_axis
    rows, row_fractions = axis(fields["output_height"], fields["input_height"], align, half)
    columns, column_fractions = axis(fields["output_width"], fields["input_width"], align, half)
    suffix = "_q10" if is_int8 else ""
    fractions = {f"row_fractions{suffix}": row_fractions, f"column_fractions{suffix}": column_fractions}
    fields.update(rows=rows, columns=columns, **fractions)
    return NodeParams("mg_resize_bilinear_params", fields)


SPEC = KernelSpec(
    op="RESIZE_BILINEAR",
    builtin_code=23,
    versions=(1, 4),
    dtypes=TYPES,
    sources=(
        "resize_bilinear.h",
        "resize_bilinear.c",
        "resize_bilinear_s8.c",
        "resize_bilinear_f32.c",
        "mg_elementwise.h",
        "mg_elementwise.c",
    ),
    registration="mg_register_resize_bilinear",
    validate=validate,
    params=params,
)
