"""Case builders of the pack tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def pack_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(0, 4)))]
    count = int(rng.integers(1, 5))
    axis = int(rng.integers(-len(shape) - 1, len(shape) + 1))
    pos = axis + len(shape) + 1 if axis < 0 else axis
    out_shape = shape[:pos] + [count] + shape[pos:]
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        xs = [g.tensor(shape, "int8", scale, zp) for _ in range(count)]
        y = g.tensor(out_shape, "int8", scale, zp)
    else:
        xs = [g.tensor(shape, dtype) for _ in range(count)]
        y = g.tensor(out_shape, dtype)
    g.op("PACK", xs, [y], valuesCount=count, axis=axis)
    return g.build(xs, [y])
