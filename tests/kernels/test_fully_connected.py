"""FULLY_CONNECTED: randomized int8 (per-tensor and per-channel) and float32 cases against TFLite Micro."""

import numpy as np
import pytest

from kernel_harness import rand_scale, seed_groups, verify_cases, verify_model
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


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_int8_random(seeds):
    verify_cases({f"seed {seed}": int8_case(seed) for seed in seeds}, count=2, seed=seeds[0])


def test_float_random():
    verify_cases({f"seed {seed}": float_case(seed) for seed in range(15)}, count=2, seed=1)


@pytest.mark.qemu
@pytest.mark.parametrize("seed", [1, 2])
def test_in_qemu(seed):
    verify_model(int8_case(seed), count=2, seed=seed, qemu=True)


@pytest.mark.qemu
def test_channel_scales_across_the_float_range():
    """Per-channel weight scales from subnormal to a left shift: the kernel computes each channel's multiplier
    on the device from the model's scales (mg_requant.h)."""
    from test_conv_2d import EXTREME_REALS

    rng = np.random.default_rng(19)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    units, depth = len(w_scale), 12
    g = GraphBuilder()
    x = g.tensor([2, depth], "int8", in_scale, -4)
    w = g.tensor([units, depth], "int8", w_scale, [0] * units, data=rng.integers(-3, 4, (units, depth)))
    y = g.tensor([2, units], "int8", out_scale, 5)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=6)
    model = g.build([x], [y])
    verify_model(model, count=3, seed=19)
    verify_model(model, count=1, seed=20, qemu=True)
