"""SOFTMAX: randomized int8 -> int8, int8 -> int16 and float32 cases (shapes, input scales and zero points,
beta) against TFLite Micro, bit for bit for the integer outputs."""

import numpy as np
import pytest

from kernel_harness import rand_scale, verify_cases, verify_model
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


def narrow_sets(seed: int, shape, count=2, spread=6):
    """Inputs close to each other, so that many differences fall inside the exp() range."""
    rng = np.random.default_rng(seed + 1000)
    return [
        [(rng.integers(-spread, spread + 1, size=shape) + int(rng.integers(-100, 100))).astype(np.int8)]
        for _ in range(count)
    ]


def test_int8_random():
    verify_cases({f"seed {seed}": int8_case(seed) for seed in range(14)}, count=2, seed=1)


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
