"""Case builders of the gather_nd tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def random_indices(rng, dims, rows_shape):
    """In-range coordinates: rows_shape rows of one coordinate per entry of dims."""
    return np.stack([rng.integers(0, d, size=rows_shape) for d in dims], axis=-1).astype(np.int32)


def gather_nd_node(b, dtype, shape, rows_shape, depth, constant=False):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q)
    dims = shape[:depth]
    if constant:
        i = b.constant(random_indices(b.rng, dims, rows_shape), "int32")
    else:
        i = b.input([*rows_shape, depth], "int32", values=lambda rng, s: random_indices(rng, dims, rows_shape))
    b.node("GATHER_ND", [x, i], [b.output([*rows_shape, *shape[depth:]], dtype, q)])
