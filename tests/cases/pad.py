"""Case builders of the pad tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def pad_case(op: str, dtype: str, seed: int, value_input: bool = False) -> bytes:
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 6))
    shape = [int(v) for v in rng.integers(1, 5, size=rank)]
    pads = rng.integers(0, 3, size=(rank, 2))
    out_shape = [d + int(lo + hi) for d, (lo, hi) in zip(shape, pads)]
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        x = g.tensor(shape, "int8", scale, zp)
        y = g.tensor(out_shape, "int8", scale, zp)
    else:
        x = g.tensor(shape, dtype)
        y = g.tensor(out_shape, dtype)
    p = g.tensor([rank, 2], "int32", data=pads)
    inputs, graph_inputs = [x, p], [x]
    if op == "PADV2":
        q = (scale, zp) if dtype == "int8" else (None, None)
        if value_input:  # the constant value computed at run time: a second graph input
            v = g.tensor([], dtype, *q)
            graph_inputs.append(v)
        elif dtype == "float32":
            v = g.tensor([], dtype, data=np.array(rng.normal(), dtype=np.float32))
        else:
            info = np.iinfo(dtype)
            v = g.tensor([], dtype, *q, data=np.array(rng.integers(info.min, info.max), dtype=dtype))
        inputs.append(v)
    g.op(op, inputs, [y], version={"int8": 2, "float32": 1, "int16": 4, "int32": 1}[dtype])
    return g.build(graph_inputs, [y])
