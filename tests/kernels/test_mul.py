"""MUL: randomized int8, int16, float32 and int32 cases (broadcasting up to 6-D, constant operands, fused activations)
against TFLite Micro."""

import pytest

from cases.add import (
    binary_case,
    binary_model,
    check_rejections,
    exhaustive_case,
    rejects,
    verify_int16_in_qemu,
    verify_int16_random,
    verify_int32_arithmetic,
)
from cases.mul import int16_out_scale, out_scale
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int16_random():
    verify_int16_random("MUL", 230, int16_out_scale)


def test_int8_random():
    cases = {f"seed {seed}": binary_case("MUL", 200 + seed, out_scale=out_scale) for seed in range(20)}
    verify_cases(cases, count=2, seed=1)


def test_float_random():
    cases = {f"seed {seed}": binary_case("MUL", 1200 + seed, dtype="float32") for seed in range(8)}
    verify_cases(cases, count=2, seed=2)


def test_int32_random():
    """Four of the nodes quantized: TFLite Micro's int32 MUL ignores the quantization."""
    verify_int32_arithmetic("MUL", 240, quantized_nodes=4)


def test_int8_every_pair():
    cases = {
        f"seed {seed}": exhaustive_case("MUL", 200 + seed, out_scale=out_scale, activation=seed) for seed in range(3)
    }
    verify_cases(cases)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(binary_case("MUL", 205, out_scale=out_scale), count=2, seed=5, qemu=True)


@pytest.mark.qemu
def test_int16_in_qemu():
    """int16 and int32 nodes in one firmware on a Cortex-M4 (the every-op sweep runs int16 MUL on a Cortex-M33 too)."""
    verify_int16_in_qemu("MUL", 232, int16_out_scale, board="mps2-an386", int32_nodes=4)


def test_rejects_unsupported():
    check_rejections("MUL")
    rejects(binary_model("MUL", scales=(1.0, 1.0, 1e-6)), "too large")
    rejects(binary_model("MUL", types=("int16",) * 3, scales=(0.01, 0.01, 5e-5), version=4), "too large")


def test_rejects_int16_zero_points():
    g = GraphBuilder()
    a, b = g.tensor([2, 3], "int16", 0.01, 0), g.tensor([2, 3], "int16", 0.01, 5)
    y = g.tensor([2, 3], "int16", 0.01, 0)
    g.op("MUL", [a, b], [y], version=4)
    rejects(g.build([a, b], [y]), "int16 MUL needs zero points 0")
