"""Case builders of the softmax tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def _shape(rng, max_depth=64):
    rank = int(rng.integers(1, 5))
    outer = [int(rng.integers(1, 4)) for _ in range(rank - 1)]
    return outer + [int(rng.integers(1, max_depth + 1))]


def int8_case(seed: int, out_type: str = "int8", in_scale=None, beta=None, shape=None) -> bytes:
    rng = np.random.default_rng(seed)
    shape = shape or _shape(rng, 300 if seed % 5 == 0 else 64)
    in_scale = in_scale if in_scale is not None else rand_scale(rng, 1e-3, 0.5)
    beta = beta if beta is not None else float(rng.choice([1.0, rng.uniform(0.05, 4.0)]))
    g = GraphBuilder()
    x = g.tensor(shape, "int8", in_scale, int(rng.integers(-128, 128)))
    if out_type == "int8":
        y = g.tensor(shape, "int8", 1.0 / 256, -128)
    else:
        y = g.tensor(shape, "int16", 1.0 / 65536, -32768)
    g.op("SOFTMAX", [x], [y], version=2 if out_type == "int8" else 3, beta=beta)
    return g.build([x], [y])


def float_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    shape = _shape(rng)
    g = GraphBuilder()
    x = g.tensor(shape, "float32")
    y = g.tensor(shape, "float32")
    g.op("SOFTMAX", [x], [y], version=1, beta=float(rng.choice([1.0, rng.uniform(0.05, 8.0)])))
    return g.build([x], [y])


EXTREME_SCALES = [  # (input scale, beta)
    (2e-8, 1.0),  # just above TFLite's limit beta * scale * 2^26 > 1
    (1e-6, 1.0),
    (1e-4, 0.5),
    (0.03, 1.0),
    (0.5, 1.0),
    (1.0, 1.0),
    (3.0, 2.0),
    (50.0, 1.0),  # the multiplier is capped at 2^31 - 1: only the row maxima count
    (0.1, 1e-5),
    (0.25, 7.5),
]
