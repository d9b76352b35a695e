"""Case builders of the cumsum tests that other test modules use too."""

import numpy as np
from op_cases import random_quant

from kernel_harness import rand_scale


def cumsum_node(b, dtype, shape, axis, exclusive, reverse):
    in_q = out_q = None
    if dtype == "int8":
        in_q = random_quant(b.rng, "int8")
        # partial sums of up to axis-size values: an output scale around sqrt(size) times the input's
        out_q = (in_q[0] * np.sqrt(shape[axis]) * rand_scale(b.rng, 0.5, 2.0), int(b.rng.integers(-128, 128)))
    x = b.input(shape, dtype, in_q)
    a = b.constant(np.array([axis], dtype=np.int32), "int32")
    b.node("CUMSUM", [x, a], [b.output(shape, dtype, out_q)], exclusive=exclusive, reverse=reverse)
