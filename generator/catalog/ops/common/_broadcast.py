"""Shared set-up for the element-wise binary kernels (ADD, SUB, MUL): NumPy-style broadcasting of two shapes
(up to 6-D, as TFLite Micro's reference kernels), reduced ahead of time to what the device loop needs.

The device walks the output in row-major order over MAX_DIMS extents; each input has a stride per dimension
(0 where it is broadcast). Dimensions of extent 1 are dropped and neighbours that both inputs traverse
contiguously are merged, so a same-shape operation becomes a single flat loop and a scalar operand a stride-0
loop. The order in which output elements are produced is unchanged: the results are the same as TFLite's
6-D loops, only with fewer loop levels."""

from __future__ import annotations

MAX_DIMS = 6  # the device loop's rank (firmware/kernels/mg_broadcast.h MG_BCAST_DIMS)


def broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """The broadcast shape of a and b, or None when they are not broadcast-compatible."""
    rank = max(len(a), len(b))
    a = (1,) * (rank - len(a)) + tuple(a)
    b = (1,) * (rank - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(out)


def check_shapes(in1, in2, out) -> str | None:
    """A reason string when the two inputs and the output of a binary element-wise node do not fit."""
    if len(in1.shape) > MAX_DIMS or len(in2.shape) > MAX_DIMS or len(out.shape) > MAX_DIMS:
        return f"tensors of more than {MAX_DIMS} dimensions are not supported"
    shape = broadcast_shape(in1.shape, in2.shape)
    if shape is None:
        return f"input shapes {list(in1.shape)} and {list(in2.shape)} cannot be broadcast together"
    if _padded(out.shape, len(shape)) != _padded(shape, len(out.shape)):  # leading 1s aside
        return f"output shape {list(out.shape)} is not the broadcast shape {list(shape)}"
    return None


def _padded(shape, rank: int) -> tuple[int, ...]:
    return (1,) * (rank - len(shape)) + tuple(shape)


def _strides(shape: tuple[int, ...], rank: int) -> list[int]:
    """Element strides of a row-major tensor right-aligned to `rank` dimensions, 0 on broadcast (extent-1)
    dimensions."""
    shape = _padded(shape, rank)
    strides, step = [0] * rank, 1
    for d in range(rank - 1, -1, -1):
        strides[d] = step if shape[d] != 1 else 0
        step *= shape[d]
    return strides


def loop_fields(in1, in2, out) -> dict:
    """`extents`, `strides1`, `strides2` (MAX_DIMS each, outermost first) for the device's broadcast loop."""
    rank = max(len(in1.shape), len(in2.shape), len(out.shape))
    out_shape = _padded(out.shape, rank)
    if out.num_elements == 0:
        dims = [(0, 0, 0)]
    else:
        s1, s2 = _strides(in1.shape, rank), _strides(in2.shape, rank)
        dims = []  # (extent, stride1, stride2), outermost first, extent-1 dimensions dropped
        for d in range(rank):
            if out_shape[d] == 1:
                continue
            if dims:
                ext, a, b = dims[-1]
                # the previous (outer) dimension merges into this one when both inputs step through it as
                # one contiguous run: outer stride == inner stride * inner extent
                if a == s1[d] * out_shape[d] and b == s2[d] * out_shape[d]:
                    dims[-1] = (ext * out_shape[d], s1[d], s2[d])
                    continue
            dims.append((out_shape[d], s1[d], s2[d]))
    dims = [(1, 0, 0)] * (MAX_DIMS - len(dims)) + dims
    return {
        "extents": [e for e, _, _ in dims],
        "strides1": [a for _, a, _ in dims],
        "strides2": [b for _, _, b in dims],
    }
