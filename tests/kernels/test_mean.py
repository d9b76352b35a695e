"""MEAN: randomized int8 (requantizing or not, any axes, keep_dims or not) and float32 cases, and the MLPerf
global-average shapes, against TFLite Micro."""

import pytest

from cases.mean import mean_model, random_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model


def test_int8_random():
    verify_cases({f"seed {seed}": random_case("int8", seed) for seed in range(40)}, count=2, seed=1)


def test_float_random():
    verify_cases({f"seed {seed}": random_case("float32", seed) for seed in range(15)}, count=2, seed=2)


# MLPerf Tiny's global average pooling: MEAN over H, W with keep_dims, same and different quantization.
GLOBAL = [
    ((1, 8, 8, 16), (0.0235, -128), (0.0235, -128)),
    ((1, 8, 8, 16), (0.0235, -128), (0.0118, -128)),
    ((1, 5, 5, 32), (0.05, 3), (0.02, -5)),
    ((2, 7, 7, 8), (0.03, -10), (0.07, 20)),
    ((1, 32, 32, 2), (0.1, 0), (0.01, 0)),  # 1024 elements: the largest folded shift
    ((1, 7, 7, 4), (1e-9, 0), (0.5, 0)),  # the shift clamp at 31 + output_shift
]


@pytest.mark.parametrize("shape,in_q,out_q", GLOBAL)
@pytest.mark.parametrize("keep", [True, False])
def test_global_average(shape, in_q, out_q, keep):
    verify_model(mean_model(list(shape), [1, 2], keep, "int8", in_q, out_q), count=2, seed=3)


@pytest.mark.parametrize("keep", [True, False])
def test_global_average_float(keep):
    verify_model(mean_model([2, 6, 5, 8], [2, 1], keep, "float32"), count=2, seed=4)


def test_single_element_axis_upscaling():
    """count 1 with input_scale / output_scale > 1: a positive shift."""
    verify_model(mean_model([3, 1, 4], [1], True, "int8", (0.1, 2), (0.013, -7)), count=2, seed=5)


@pytest.mark.parametrize("dtype", ["int8", "float32"])
def test_more_than_two_axes(dtype):
    q = ((0.05, 3), (0.02, -5)) if dtype == "int8" else (None, None)
    verify_model(mean_model([2, 3, 4, 5], [1, 2, 3], True, dtype, *q), count=2, seed=6)


def test_rejects_int64_axis():
    with pytest.raises(CheckError, match="axis must be INT32"):
        check(read_model(mean_model([2, 3], [1], True, "float32", axis_dtype="int64")))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(mean_model([1, 6, 6, 8], [1, 2], True, "int8", (0.05, 3), (0.02, -5)), count=2, seed=2, qemu=True)
