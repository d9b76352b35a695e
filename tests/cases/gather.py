"""Case builders of the gather tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def gather_node(b, dtype, shape, positions_shape, axis, batch_dims, constant=False):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q)
    a = axis % len(shape)
    bd = batch_dims + len(positions_shape) if batch_dims < 0 else batch_dims
    size = shape[a]
    if constant:
        p = b.constant(b.rng.integers(0, size, size=positions_shape).astype(np.int32), "int32")
    else:
        p = b.input(positions_shape, "int32", values=lambda rng, s: rng.integers(0, size, size=s).astype(np.int32))
    out = [*shape[:a], *positions_shape[bd:], *shape[a + 1 :]]
    b.node("GATHER", [x, p], [b.output(out, dtype, q)], axis=axis, batchDims=batch_dims)
