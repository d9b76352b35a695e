"""Case builders of the log_softmax tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale


def close_values(centre):
    """Values within 6 of `centre`: many differences fall inside the exp() range."""
    return lambda rng, s: (rng.integers(-6, 7, size=s) + centre).astype(np.int8)


def log_softmax_node(b, dtype, shape, in_scale=None):
    in_q = out_q = None
    values = None
    if dtype == "int8":
        in_q = (in_scale or rand_scale(b.rng, 1e-3, 0.5), int(b.rng.integers(-128, 128)))
        out_q = (16.0 / 256, 127)
        if b.rng.integers(0, 2):
            values = close_values(int(b.rng.integers(-100, 100)))
    x = b.input(shape, dtype, in_q, values)
    b.node("LOG_SOFTMAX", [x], [b.output(shape, dtype, out_q)], version=2 if dtype == "int8" else 1)
