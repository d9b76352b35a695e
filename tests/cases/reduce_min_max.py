"""Case builders of the reduce_min_max tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def reduce_node(b, op_name, dtype, shape, axes, keep_dims, values=None):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q, values)
    reduced = {a % len(shape) for a in axes}
    out_shape = (
        [1 if k in reduced else d for k, d in enumerate(shape)]
        if keep_dims
        else [d for k, d in enumerate(shape) if k not in reduced]
    )
    axis = b.constant(np.array(axes, dtype=np.int32), "int32")
    b.node(op_name, [x, axis], [b.output(out_shape, dtype, q)], version=2 if dtype == "int8" else 1, keepDims=keep_dims)


def mostly_true(rng, shape):
    return rng.integers(0, 8, size=shape) != 0
