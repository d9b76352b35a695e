"""Case builders of the shape tests that other test modules use too."""

import numpy as np

from modelkit import GraphBuilder

DTYPES = ["int8", "float32", "int32", "int16", "bool", "int64", "uint8"]  # any input type: only its dims are read


def shape_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 6, size=int(rng.integers(1, 6)))]
    dtype = DTYPES[seed % len(DTYPES)]
    g = GraphBuilder()
    x = g.tensor(shape, dtype, 0.05, 1) if dtype == "int8" else g.tensor(shape, dtype)
    y = g.tensor([len(shape)], "int32")
    if rng.integers(0, 2):
        g.op("SHAPE", [x], [y], outType=2)
    else:
        g.op("SHAPE", [x], [y])  # no options: out_type defaults to int32
    return g.build([x], [y])
