"""Case builders of the transpose tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def transpose_case(seed: int, dtype: str, rank: int | None = None) -> bytes:
    rng = np.random.default_rng(seed)
    rank = rank or int(rng.integers(1, 6))
    shape = [int(d) for d in rng.integers(1, 5 if rank < 5 else 4, size=rank)]
    perm = [int(p) for p in rng.permutation(rank)]
    out_shape = [shape[p] for p in perm]
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        x, y = g.tensor(shape, "int8", scale, zp), g.tensor(out_shape, "int8", scale, zp)
    else:
        x, y = g.tensor(shape, dtype), g.tensor(out_shape, dtype)
    p = g.tensor([rank], "int32", data=perm)
    g.op("TRANSPOSE", [x, p], [y])
    return g.build([x], [y])
