"""SOFTMAX: randomized int8 -> int8, int8 -> int16 and float32 cases (shapes, input scales and zero points,
beta) against TFLite Micro, bit for bit for the integer outputs."""

import numpy as np
import pytest

from cases.softmax import EXTREME_SCALES, float_case, int8_case
from kernel_harness import verify_cases, verify_model


def narrow_sets(seed: int, shape, count=2, spread=6):
    """Inputs close to each other, so that many differences fall inside the exp() range."""
    rng = np.random.default_rng(seed + 1000)
    return [
        [(rng.integers(-spread, spread + 1, size=shape) + int(rng.integers(-100, 100))).astype(np.int8)]
        for _ in range(count)
    ]


def test_int8_random():
    verify_cases({f"seed {seed}": int8_case(seed) for seed in range(14)}, count=2, seed=1)


def test_int8_extreme_scales():
    """Each scale on two full-range random sets and two narrow ones."""
    rng, cases = np.random.default_rng(3), {}
    for in_scale, beta in EXTREME_SCALES:
        seed = int(in_scale * 1e6 + beta * 1e3) % 10007
        model = int8_case(seed, in_scale=in_scale, beta=beta, shape=[2, 37])
        full_range = [[rng.integers(-128, 128, size=[2, 37], dtype=np.int8)] for _ in range(2)]
        cases[f"scale {in_scale} beta {beta}"] = (model, full_range + narrow_sets(seed, [2, 37]))
    verify_cases(cases)


def test_int8_narrow_inputs():
    """Many rows of close inputs: most differences land inside the exp() range."""
    cases = {}
    for seed, out_type in [(0, "int8"), (1, "int8"), (2, "int16"), (3, "int16")]:
        shape = [64, 3 + 7 * seed]
        model = int8_case(seed, out_type=out_type, in_scale=0.02 * (seed + 1), shape=shape)
        cases[f"seed {seed} {out_type}"] = (model, narrow_sets(seed, shape, spread=10 + 15 * seed))
    verify_cases(cases)


def test_int8_to_int16():
    verify_cases({f"seed {seed}": int8_case(seed + 50, out_type="int16") for seed in range(4)}, count=2, seed=4)


def test_float_random():
    verify_cases({f"seed {seed}": float_case(seed) for seed in range(6)}, count=2, seed=5)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(int8_case(3), count=2, seed=3, qemu=True)


@pytest.mark.qemu
def test_float_in_qemu():
    verify_model(float_case(4), count=2, seed=4, qemu=True)
