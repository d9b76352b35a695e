"""MUL: randomized int8 and float32 cases (broadcasting up to 6-D, constant operands, fused activations)
against TFLite Micro."""

import pytest
from test_add import binary_case, binary_model, check_rejections, exhaustive_case, rejects

from kernel_harness import rand_scale, verify_model


def out_scale(rng):
    """Output scales around the product of the input scales, so that results span the int8 range; some with a
    multiplier above 1 (a left shift)."""
    return rand_scale(rng, 2e-4, 0.02)


@pytest.mark.parametrize("seed", range(20))
def test_int8_random(seed):
    verify_model(binary_case("MUL", 200 + seed, out_scale=out_scale), count=2, seed=seed)


@pytest.mark.parametrize("seed", range(8))
def test_float_random(seed):
    verify_model(binary_case("MUL", 1200 + seed, dtype="float32"), count=2, seed=seed)


@pytest.mark.parametrize("seed", range(3))
def test_int8_every_pair(seed):
    model, sets = exhaustive_case("MUL", 200 + seed, out_scale=out_scale, activation=seed)
    verify_model(model, sets=sets)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(binary_case("MUL", 205, out_scale=out_scale), count=2, seed=5, qemu=True)


def test_rejects_unsupported():
    check_rejections("MUL")
    rejects(binary_model("MUL", scales=(1.0, 1.0, 1e-6)), "too large")
