"""HARD_SWISH: randomized int8 and float32 cases against TFLite Micro, and every int8 input value over a range
of input scales (the relu-ish rescale shifts left, right, or not at all)."""

import numpy as np
import pytest

from cases.hard_swish import scaled_case
from cases.relu import check_rejections, every_int8, random_shape, unary_case, unary_model, wide_floats
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases, verify_model


def test_int8_random():
    verify_cases({f"seed {seed}": unary_case("HARD_SWISH", seed, version=1) for seed in range(10)}, count=2, seed=1)


def test_int8_every_value():
    cases = {}
    for seed in range(12):
        rng = np.random.default_rng(400 + seed)
        in_scale = rand_scale(rng, 0.001, 1.0)  # reluish exponent from about -3 to +7
        out_scale = in_scale * rand_scale(rng, 0.1, 4.0)
        model = scaled_case(in_scale, int(rng.integers(-128, 128)), out_scale, int(rng.integers(-128, 128)))
        cases[f"seed {seed}"] = (model, every_int8())
    verify_cases(cases)


FIXED_SCALES = [  # input scale and zero point, output scale and zero point
    (6.0 / 255, -128, 6.0 / 255, -128),  # converter-like: input [-3, ...], output [0, ...]
    (12.0 / 255, 0, 7.5 / 255, -90),
    (0.5, 0, 0.004, 0),  # input_scale / output_scale near the limit of 128
    (0.00390625, 5, 0.00390625, -5),  # power-of-two scales
]


def test_int8_fixed_scales():
    verify_cases({f"quant {quant}": (scaled_case(*quant), every_int8()) for quant in FIXED_SCALES})


def test_float_random():
    cases = {}
    for seed in range(4):
        shape = random_shape(np.random.default_rng(500 + seed))
        model = unary_case("HARD_SWISH", 500 + seed, dtype="float32", version=1, shape=shape)
        cases[f"seed {seed}"] = (model, wide_floats(seed, shape))
    verify_cases(cases)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(scaled_case(0.05, -10, 0.04, -20), sets=every_int8(), qemu=True)


def test_rejects_unsupported():
    check_rejections("HARD_SWISH")  # TFLite Micro's HARD_SWISH has no int16 kernel
    with pytest.raises(CheckError, match="below 128"):  # TFLite Micro's prepare fails on these too
        check(read_model(unary_model("HARD_SWISH", scales=(1.0, 0.005))))
