"""Case builders of the mean tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def mean_model(shape, axes, keep, dtype, in_q=None, out_q=None, axis_dtype="int32") -> bytes:
    rank = len(shape)
    resolved = {a % rank for a in axes}
    out_shape = (
        [1 if i in resolved else d for i, d in enumerate(shape)]
        if keep
        else [d for i, d in enumerate(shape) if i not in resolved]
    )
    g = GraphBuilder()
    x = g.tensor(shape, dtype, *(in_q or (None, None)))
    a = g.tensor([len(axes)], axis_dtype, data=np.array(axes))
    y = g.tensor(out_shape, dtype, *(out_q or (None, None)))
    g.op("MEAN", [x, a], [y], version=2 if dtype == "int8" else 1, keepDims=bool(keep))
    return g.build([x], [y])


def random_case(dtype: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 6))
    shape = [int(v) for v in rng.integers(1, 7, size=rank)]
    naxes = int(rng.integers(1, min(rank, 3) + 1))
    axes = [int(a) for a in rng.choice(rank, size=naxes, replace=False)]
    axes = [a - rank if rng.integers(0, 2) else a for a in axes]  # some negative
    if rng.integers(0, 4) == 0:
        axes.append(axes[0])  # a duplicate
    keep = bool(rng.integers(0, 2))
    if dtype == "float32":
        return mean_model(shape, axes, keep, dtype)
    in_q = (rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)))
    out_q = in_q if rng.integers(0, 3) == 0 else (rand_scale(rng, 0.002, 0.2), int(rng.integers(-128, 128)))
    return mean_model(shape, axes, keep, dtype, in_q, out_q)
