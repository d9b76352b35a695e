"""Case builders of the reshape tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def _data_tensor(g, rng, shape, dtype, scale=None, zero_point=None):
    if dtype == "int8":
        scale = rand_scale(rng) if scale is None else scale
        zero_point = int(rng.integers(-128, 128)) if zero_point is None else zero_point
        return g.tensor(shape, "int8", scale, zero_point), (scale, zero_point)
    return g.tensor(shape, dtype), (None, None)


def _rand_shape(rng, max_rank=4, max_dim=5):
    return [int(d) for d in rng.integers(1, max_dim + 1, size=int(rng.integers(1, max_rank + 1)))]


def _factorize(rng, n):
    """A random shape whose dimensions multiply to n."""
    dims = []
    while n > 1 and len(dims) < 4:
        divisors = [d for d in range(2, n + 1) if n % d == 0]
        d = int(rng.choice(divisors))
        dims.append(d)
        n //= d
    if n > 1:
        dims[-1] *= n
    for _ in range(int(rng.integers(0, 2))):
        dims.insert(int(rng.integers(0, len(dims) + 1)), 1)
    return dims or [1]


def reshape_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    in_shape = _rand_shape(rng)
    out_shape = _factorize(rng, int(np.prod(in_shape)))
    g = GraphBuilder()
    x, q = _data_tensor(g, rng, in_shape, dtype)
    y, _ = _data_tensor(g, rng, out_shape, dtype, *q)
    style = seed % 3
    if style == 0:  # shape as a constant input (what the converter writes), with a -1 stretch now and then
        shape = list(out_shape)
        if rng.integers(0, 2):
            shape[int(rng.integers(0, len(shape)))] = -1
        s = g.tensor([len(shape)], "int32", data=shape)
        g.op("RESHAPE", [x, s], [y], newShape=out_shape)
    elif style == 1:  # new_shape option only
        g.op("RESHAPE", [x], [y], newShape=out_shape)
    else:  # no options, omitted shape input
        g.op("RESHAPE", [x, -1], [y])
    return g.build([x], [y])


def squeeze_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = _rand_shape(rng, max_rank=3)
    for _ in range(int(rng.integers(1, 3))):
        shape.insert(int(rng.integers(0, len(shape) + 1)), 1)
    ones = [i for i, d in enumerate(shape) if d == 1]
    if rng.integers(0, 2):
        chosen = sorted(rng.choice(ones, size=int(rng.integers(1, len(ones) + 1)), replace=False).tolist())
        dims = [d - len(shape) if rng.integers(0, 2) else d for d in chosen]  # negative now and then
    else:
        chosen, dims = ones, []
    out_shape = [d for i, d in enumerate(shape) if i not in chosen]
    g = GraphBuilder()
    x, q = _data_tensor(g, rng, shape, dtype)
    y, _ = _data_tensor(g, rng, out_shape, dtype, *q)
    g.op("SQUEEZE", [x], [y], squeezeDims=dims)
    return g.build([x], [y])


def expand_dims_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = _rand_shape(rng, max_rank=4)
    axis = int(rng.integers(-len(shape) - 1, len(shape) + 1))
    pos = axis + len(shape) + 1 if axis < 0 else axis
    out_shape = shape[:pos] + [1] + shape[pos:]
    g = GraphBuilder()
    x, q = _data_tensor(g, rng, shape, dtype)
    a = g.tensor([1] if rng.integers(0, 2) else [], "int32", data=[axis])
    y, _ = _data_tensor(g, rng, out_shape, dtype, *q)
    g.op("EXPAND_DIMS", [x, a], [y])
    return g.build([x], [y])
