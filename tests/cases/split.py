"""Case builders of the split tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def _tensors(g, rng, dtype, in_shape, out_shapes):
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        return g.tensor(in_shape, "int8", scale, zp), [g.tensor(s, "int8", scale, zp) for s in out_shapes]
    return g.tensor(in_shape, dtype), [g.tensor(s, dtype) for s in out_shapes]


def _axis(rng, rank):
    axis = int(rng.integers(-rank, rank))
    return axis, axis + rank if axis < 0 else axis


def split_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis, pos = _axis(rng, len(shape))
    num = int(rng.integers(1, 5))
    shape[pos] = num * int(rng.integers(1, 4))
    out_shape = list(shape)
    out_shape[pos] //= num
    g = GraphBuilder()
    a = g.tensor([] if rng.integers(0, 2) else [1], "int32", data=[axis])
    x, ys = _tensors(g, rng, dtype, shape, [out_shape] * num)
    g.op("SPLIT", [a, x], ys, numSplits=num)
    return g.build([x], ys)


def split_v_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis, pos = _axis(rng, len(shape))
    sizes = [int(s) for s in rng.integers(1, 4, size=int(rng.integers(1, 5)))]
    shape[pos] = sum(sizes)
    out_shapes = [shape[:pos] + [s] + shape[pos + 1 :] for s in sizes]
    written = list(sizes)
    if rng.integers(0, 2):  # the converter may leave one size as -1 (inferred)
        written[int(rng.integers(0, len(sizes)))] = -1
    g = GraphBuilder()
    x, ys = _tensors(g, rng, dtype, shape, out_shapes)
    s = g.tensor([len(sizes)], "int32", data=written)
    a = g.tensor([] if rng.integers(0, 2) else [1], "int32", data=[axis])
    g.op("SPLIT_V", [x, s, a], ys, numSplits=len(sizes))
    return g.build([x], ys)
