"""Case builders of the space_to_batch_nd tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def node(b, op_name, dtype, shape, block, edges):
    """shape: the spatial (smaller-batch) side; edges: [[top, bottom], [left, right]] (3-D: one pair)."""
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    spatial = len(shape) - 2
    padded = [shape[1 + k] + sum(edges[k]) for k in range(spatial)]
    batched = [shape[0] * int(np.prod(block)), *(p // k for p, k in zip(padded, block)), shape[-1]]
    if op_name == "SPACE_TO_BATCH_ND":
        shape_in, shape_out = shape, batched
    else:  # the inverse: crop what SPACE_TO_BATCH_ND would pad
        shape_in, shape_out = batched, shape
    ids = [
        b.input(shape_in, dtype, q),
        b.constant(np.array(block, dtype=np.int32), "int32"),
        b.constant(np.array(edges, dtype=np.int32).reshape(spatial, 2), "int32"),
    ]
    b.node(op_name, ids, [b.output(shape_out, dtype, q)])
