"""Case builders of the fully_connected tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


def int8_case(seed: int, weights: str = "int8") -> bytes:
    """int8 activations with int8 weights, or with int4 weights (`weights` "int4": per-tensor, as TFLite Micro
    takes them, values -8..7)."""
    rng = np.random.default_rng(seed)
    batches, depth, units = rng.integers(1, 4), rng.integers(1, 40), rng.integers(1, 24)
    per_channel = bool(rng.integers(0, 2)) and weights == "int8"
    low, high = (-127, 128) if weights == "int8" else (-8, 8)
    in_scale, out_scale = rand_scale(rng), rand_scale(rng, 0.01, 0.5)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    values = rng.integers(low, high, size=(units, depth))
    w = g.tensor([units, depth], weights, w_scale, [0] * len(w_scale), data=values)
    inputs = [x, w]
    if rng.integers(0, 4):  # mostly with bias
        bias_scale = [in_scale * s for s in w_scale]
        inputs.append(
            g.tensor([units], "int32", bias_scale, [0] * len(bias_scale), data=rng.integers(-5000, 5000, size=units))
        )
    else:
        inputs.append(-1)
    y = g.tensor([batches, units], "int8", out_scale, int(rng.integers(-128, 128)))
    g.op(
        "FULLY_CONNECTED",
        inputs,
        [y],
        version=(4 if weights == "int8" else 10) if inputs[2] != -1 else 6,
        fusedActivationFunction=int(rng.choice(ACTIVATIONS)),
    )
    return g.build([x], [y])


def float_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    batches, depth, units = rng.integers(1, 4), rng.integers(1, 40), rng.integers(1, 24)
    g = GraphBuilder()
    x = g.tensor([batches, depth], "float32")
    w = g.tensor([units, depth], "float32", data=rng.normal(size=(units, depth)))
    b = g.tensor([units], "float32", data=rng.normal(size=units)) if rng.integers(0, 2) else -1
    y = g.tensor([batches, units], "float32")
    g.op("FULLY_CONNECTED", [x, w, b], [y], version=1, fusedActivationFunction=int(rng.choice(ACTIVATIONS)))
    return g.build([x], [y])
