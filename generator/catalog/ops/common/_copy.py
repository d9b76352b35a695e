"""Shared checks of the data-movement kernels (reshape, shape, pack, unpack, split, transpose, strided_slice) and
the shape arithmetic of the gathers and copies (`product`, `strides`).

They copy elements without looking at them, so quantized tensors need no set-up math; like TFLite Micro, they
do not compare the scales and zero points of their inputs and outputs (the converter gives these ops equal
ones), they move the bytes."""

from __future__ import annotations

import numpy as np

COPY_SOURCES = ("mg_copy.h",)
INT8_16_32_F = ("INT8", "INT16", "INT32", "FLOAT32")
INT8_16_F = ("INT8", "INT16", "FLOAT32")
INT8_16_32_F_B = (*INT8_16_32_F, "BOOL")
ANY_SIZED = (*INT8_16_32_F_B, "INT64", "UINT8")  # the types the copies move as bytes (mg_copy.h MG_COPY_TYPES_ALL)


def check_types(tensors, allowed: tuple[str, ...]) -> str | None:
    """A reason when the tensors' types differ or are not in `allowed` (what TFLite Micro's kernel handles)."""
    names = [t.dtype.name for t in tensors]
    if names[0] not in allowed:
        return f"{names[0]} is not supported ({', '.join(a.lower() for a in allowed)})"
    if any(n != names[0] for n in names):
        return f"input and output types differ ({'/'.join(names)})"
    return None


def constant_int32(t, what: str) -> tuple[np.ndarray | None, str | None]:
    """The values of a constant int32 tensor, or a reason it is not one."""
    if t is None:
        return None, f"needs a {what} tensor"
    if t.data is None:
        return None, f"the {what} tensor must be constant (TFLite Micro has no dynamic shapes)"
    if t.dtype.name != "INT32":
        return None, f"the {what} tensor must be INT32, not {t.dtype.name}"
    return t.array().reshape(-1).astype(np.int64), None


def product(dims) -> int:
    result = 1
    for d in dims:
        result *= int(d)
    return result


def strides(shape) -> list[int]:
    """Row-major element strides of `shape`."""
    result, step = [0] * len(shape), 1
    for d in range(len(shape) - 1, -1, -1):
        result[d] = step
        step *= int(shape[d])
    return result


def normalize_axis(axis: int, rank: int) -> int | None:
    """axis in [-rank, rank) as a non-negative index, or None when out of range."""
    axis = int(axis)
    if axis < 0:
        axis += rank
    return axis if 0 <= axis < rank else None
