"""Case builders of the floor_div tests that other test modules use too."""

import numpy as np


def nonzero(rng, shape):
    """Values of both signs away from 0 (FLOOR_DIV fails on a zero divisor), some exact multiples."""
    v = rng.uniform(0.25, 8.0, size=shape) * rng.choice([-1, 1], size=shape)
    return np.where(rng.integers(0, 4, size=shape) == 0, np.round(v), v).astype(np.float32)
