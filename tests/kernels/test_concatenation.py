"""CONCATENATION: randomized 1-D to 6-D cases along any (also negative) axis, 1 to 10 inputs, int8, float32,
int16, int32 and int64, against TFLite Micro."""

import pytest

from cases.concatenation import concat_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int8_random():
    verify_cases({f"seed {seed}": concat_case("int8", seed) for seed in range(15)}, count=2, seed=1)


def test_float_random():
    verify_cases({f"seed {seed}": concat_case("float32", seed) for seed in range(8)}, count=2, seed=2)


def test_other_types():
    verify_cases({dtype: concat_case(dtype, 21) for dtype in ("int16", "int32", "int64", "bool")}, count=2, seed=21)


def test_constant_input():
    verify_cases({dtype: concat_case(dtype, 9, constant_input=True) for dtype in ("int8", "float32")}, count=2, seed=9)


def two_input_model(scales, activation=0) -> bytes:
    g = GraphBuilder()
    a = g.tensor([1, 2], "int8", scales[0], 0)
    b = g.tensor([1, 3], "int8", scales[1], 0)
    y = g.tensor([1, 5], "int8", scales[2], 0)
    g.op("CONCATENATION", [a, b], [y], version=2, axis=1, fusedActivationFunction=activation)
    return g.build([a, b], [y])


def test_rejects_rescaling():
    with pytest.raises(CheckError, match="share the output's scale"):
        check(read_model(two_input_model([0.1, 0.2, 0.1])))


def test_rejects_activation():
    with pytest.raises(CheckError, match="fused activation RELU"):
        check(read_model(two_input_model([0.1, 0.1, 0.1], activation=1)))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(concat_case("int8", 3), count=2, seed=3, qemu=True)
