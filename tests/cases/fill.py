"""Case builders of the fill tests that other test modules use too."""

import numpy as np
from op_cases import Batch, random_shape

DIMS_TYPES = ["int8", "int16", "int32", "int64"]


def fill_batch(dtype, seed, cases=20):
    b = Batch(seed)
    for k in range(cases):
        shape = random_shape(b.rng, max_rank=5) or [1]  # an empty dims tensor has no data to be constant
        dims = b.constant(np.array(shape), DIMS_TYPES[k % len(DIMS_TYPES)])
        value = b.input([], dtype)
        b.node("FILL", [dims, value], [b.output(shape, dtype)])
    return b
