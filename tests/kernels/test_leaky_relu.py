"""LEAKY_RELU: randomized int8 and float32 cases against TFLite Micro, and every int8 input value."""

import numpy as np
import pytest
from test_relu import check_rejections, every_int8, random_shape, unary_case, wide_floats

from kernel_harness import verify_model

ALPHAS = [0.01, 0.1, 0.2, 0.3, 0.5, 0.0, 1.5, -0.25]


def alpha_of(seed):
    rng = np.random.default_rng(seed)
    return float(np.float32(rng.choice(ALPHAS) if rng.integers(0, 2) else rng.uniform(0.0, 1.0)))


@pytest.mark.parametrize("seed", range(12))
def test_int8_random(seed):
    verify_model(unary_case("LEAKY_RELU", seed, alpha=alpha_of(seed)), count=2, seed=seed)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_int8_every_value(alpha):
    seed = int(abs(alpha) * 1000)
    verify_model(unary_case("LEAKY_RELU", seed, shape=[256], alpha=alpha), sets=every_int8())


@pytest.mark.parametrize("seed", range(4))
def test_float_random(seed):
    rng = np.random.default_rng(300 + seed)
    shape = random_shape(rng)
    verify_model(
        unary_case("LEAKY_RELU", 300 + seed, dtype="float32", shape=shape, alpha=alpha_of(seed)),
        sets=wide_floats(seed, shape),
    )


@pytest.mark.qemu
def test_in_qemu():
    verify_model(unary_case("LEAKY_RELU", 9, shape=[256], alpha=0.2), sets=every_int8(), qemu=True)


def test_rejects_unsupported():
    check_rejections("LEAKY_RELU", alpha=0.2)
