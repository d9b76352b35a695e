"""Case builders of the unpack tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def unpack_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis = int(rng.integers(-len(shape), len(shape)))
    pos = axis + len(shape) if axis < 0 else axis
    num = shape[pos]
    out_shape = shape[:pos] + shape[pos + 1 :]
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        x = g.tensor(shape, "int8", scale, zp)
        ys = [g.tensor(out_shape, "int8", scale, zp) for _ in range(num)]
    else:
        x = g.tensor(shape, dtype)
        ys = [g.tensor(out_shape, dtype) for _ in range(num)]
    g.op("UNPACK", [x], ys, num=num, axis=axis)
    return g.build([x], ys)
