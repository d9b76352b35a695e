"""Helpers every backend's catalog modules share: the int8 test, a node's
bias values, C division and int32 wrapping."""

from __future__ import annotations

import numpy as np


def int8_with_int4_weights(inp, weights, out) -> bool:
    """int8 activations with constant int4 weights, which a backend kernel widens into scratch (mg_int4.h)."""
    return (
        all_int8(inp, out)
        and weights is not None
        and weights.dtype.name == "INT4"
        and weights.data is not None
        and weights.quant is not None
        and len(weights.quant.scale) >= 1
    )


def all_int8(*tensors) -> bool:
    return all(
        t is not None and t.dtype.name == "INT8" and t.quant is not None and len(t.quant.scale) >= 1 for t in tensors
    )


def bias_values(bias, channels: int) -> np.ndarray:
    """A node's int32 bias as int64 values, zeros when it has none."""
    if bias is None or bias.data is None:
        return np.zeros(channels, dtype=np.int64)
    return bias.array().astype(np.int64).reshape(-1)


def c_div(a: int, b: int) -> int:
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def wrap32(x: int) -> int:
    """x as the int32 sums on the device hold it (two's complement wrap)."""
    return (int(x) + (1 << 31)) % (1 << 32) - (1 << 31)


def nested(member: str, fields: dict) -> dict:
    """Fields of a struct embedded as `member` of a parameter block (C99 designated initializers `.member.field`)."""
    return {f"{member}.{name}": value for name, value in fields.items()}
