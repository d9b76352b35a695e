"""Case builders of the sum tests that other test modules use too."""

import numpy as np
from op_cases import random_quant

from kernel_harness import rand_scale

VERSIONS = {"float32": 1, "int8": 2, "int16": 1}


def reduce_node(b, op_name, dtype, shape, axes, keep_dims):
    reduced = {a % len(shape) for a in axes}
    count = int(np.prod([shape[a] for a in reduced]))
    in_q = out_q = None
    if dtype != "float32":
        in_q = random_quant(b.rng, dtype)
        # a sum of `count` values spreads about sqrt(count) times wider: output scales around that keep most
        # results inside the output range
        spread = np.sqrt(count) if op_name == "SUM" else 1.0
        out_scale = in_q[0] * spread * rand_scale(b.rng, 0.5, 2.0)
        out_q = (out_scale, 0 if dtype == "int16" else int(b.rng.integers(-128, 128)))
    x = b.input(shape, dtype, in_q)
    out_shape = (
        [1 if k in reduced else d for k, d in enumerate(shape)]
        if keep_dims
        else [d for k, d in enumerate(shape) if k not in reduced]
    )
    axis = b.constant(np.array(axes, dtype=np.int32), "int32")
    b.node(op_name, [x, axis], [b.output(out_shape, dtype, out_q)], version=VERSIONS[dtype], keepDims=keep_dims)
