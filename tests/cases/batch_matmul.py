"""Case builders of the batch_matmul tests that other test modules use too."""

import numpy as np
from op_cases import Batch, random_values

from kernel_harness import rand_scale

PRODUCT_SPREAD = {"int8": 74.0 * 74.0, "int16": 18900.0 * 18900.0}  # a product's standard deviation at full range


OUTPUT_SPREAD = {"int8": 40.0, "int16": 8000.0}


def shapes(rng):
    """Random lhs and rhs batch shapes that broadcast, and M, N, K."""
    rank = int(rng.integers(2, 6))
    batch = [int(v) for v in rng.integers(1, 4, size=rank - 2)]
    lhs_batch = [d if rng.integers(0, 3) else 1 for d in batch]
    rhs_batch = [d if rng.integers(0, 3) else 1 for d in batch]
    # one operand may have fewer dimensions (the leading ones implied)
    if rank > 2 and rng.integers(0, 3) == 0:
        drop = int(rng.integers(1, rank - 1))
        if rng.integers(0, 2):
            lhs_batch = lhs_batch[drop:]
        else:
            rhs_batch = rhs_batch[drop:]
    m, n, k = (int(v) for v in rng.integers(1, 7, size=3))
    return lhs_batch, rhs_batch, m, n, k


def batch_matmul_node(b: Batch, dtype: str, lhs_batch, rhs_batch, m, n, k, adj_x, adj_y, constant_rhs):
    rng = b.rng
    lhs_shape = [*lhs_batch, *((k, m) if adj_x else (m, k))]
    rhs_shape = [*rhs_batch, *((n, k) if adj_y else (k, n))]
    rank = max(len(lhs_shape), len(rhs_shape))
    padded = [[1] * (rank - len(s)) + list(s[:-2]) for s in (lhs_shape, rhs_shape)]
    out_shape = [max(x, y) for x, y in zip(*padded)] + [m, n]
    if dtype == "float32":
        qs = [None, None, None]
    else:
        lhs_scale, rhs_scale = rand_scale(rng, 1e-3, 1e-1), rand_scale(rng, 1e-3, 1e-1)
        zps = [int(v) for v in rng.integers(-128, 128, size=3)] if dtype == "int8" else [0, 0, 0]
        # offset values spread further (and sum to a mean) the further the zero points lie from 0
        spread = PRODUCT_SPREAD[dtype] * (1 + abs(zps[0]) / 74) * (1 + abs(zps[1]) / 74) * np.sqrt(k)
        multiplier = OUTPUT_SPREAD[dtype] / spread * float(np.exp(rng.uniform(-1, 1)))
        qs = [(lhs_scale, zps[0]), (rhs_scale, zps[1]), (lhs_scale * rhs_scale / multiplier, zps[2])]
    x = b.input(lhs_shape, dtype, qs[0])
    y = (
        b.constant(random_values(rng, dtype, rhs_shape), dtype, qs[1])
        if constant_rhs
        else b.input(rhs_shape, dtype, qs[1])
    )
    out = b.output(out_shape, dtype, qs[2])
    b.node("BATCH_MATMUL", [x, y], [out], version={"float32": 1, "int8": 2, "int16": 3}[dtype], adjX=adj_x, adjY=adj_y)
