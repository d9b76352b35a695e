"""LEAKY_RELU: randomized int8, int16 and float32 cases against TFLite Micro, and every int8 and int16 input
value."""

import numpy as np
import pytest
from op_cases import Batch

from cases.relu import check_rejections, every_int8, int16_batch, int16_node, random_shape, unary_case, wide_floats
from kernel_harness import verify_cases, verify_model

ALPHAS = [0.01, 0.1, 0.2, 0.3, 0.5, 0.0, 1.5, -0.25]


def alpha_of(seed):
    rng = np.random.default_rng(seed)
    return float(np.float32(rng.choice(ALPHAS) if rng.integers(0, 2) else rng.uniform(0.0, 1.0)))


def test_int8_random():
    cases = {f"seed {seed}": unary_case("LEAKY_RELU", seed, alpha=alpha_of(seed)) for seed in range(12)}
    verify_cases(cases, count=2, seed=1)


def test_int8_every_value():
    cases = {
        f"alpha {alpha}": (unary_case("LEAKY_RELU", int(abs(alpha) * 1000), shape=[256], alpha=alpha), every_int8())
        for alpha in ALPHAS
    }
    verify_cases(cases)


def test_float_random():
    cases = {}
    for seed in range(4):
        shape = random_shape(np.random.default_rng(300 + seed))
        model = unary_case("LEAKY_RELU", 300 + seed, dtype="float32", shape=shape, alpha=alpha_of(seed))
        cases[f"seed {seed}"] = (model, wide_floats(seed, shape))
    verify_cases(cases)


def test_int16_random():
    b = int16_batch("LEAKY_RELU", 70, options=lambda rng: {"alpha": alpha_of(int(rng.integers(0, 1000)))})
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    """Every int8 value through an int8 node and an int16 node, in one firmware."""
    b = Batch(9)
    x = b.input([256], "int8", (0.05, -3), values=lambda rng, s: every_int8()[0][0])
    b.node("LEAKY_RELU", [x], [b.output([256], "int8", (0.04, 5))], version=1, alpha=0.2)
    int16_node(b, "LEAKY_RELU", [64], alpha=0.2)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_unsupported():
    check_rejections("LEAKY_RELU", int16=True, alpha=0.2)
