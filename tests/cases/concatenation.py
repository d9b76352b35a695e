"""Case builders of the concatenation tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def concat_case(dtype: str, seed: int, constant_input: bool = False) -> bytes:
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 7))
    base = [int(v) for v in rng.integers(1, 4, size=rank)]
    axis = int(rng.integers(0, rank))
    n = int(rng.integers(1, 11))
    q = (rand_scale(rng), int(rng.integers(-128, 128))) if dtype == "int8" else (None, None)
    g = GraphBuilder()
    inputs, shapes = [], []
    for _ in range(n):
        shape = list(base)
        shape[axis] = int(rng.integers(1, 4))
        shapes.append(shape)
        inputs.append(g.tensor(shape, dtype, *q))
    graph_inputs = list(inputs)
    if constant_input:  # a constant block in the middle: its data lives in the model
        shape = list(base)
        info = np.iinfo(dtype) if dtype != "float32" else None
        data = rng.normal(size=shape) if info is None else rng.integers(info.min, info.max, size=shape)
        inputs.insert(len(inputs) // 2, g.tensor(shape, dtype, *q, data=data))
        shapes.append(shape)
    out_shape = list(base)
    out_shape[axis] = sum(s[axis] for s in shapes)
    y = g.tensor(out_shape, dtype, *q)
    g.op(
        "CONCATENATION",
        inputs,
        [y],
        version={"int8": 2, "int16": 3}.get(dtype, 1),
        axis=axis - rank if rng.integers(0, 2) else axis,
    )
    return g.build(graph_inputs, [y])
