"""SUB: randomized int8, int16, float32 and int32 cases (broadcasting up to 6-D, constant operands, fused activations)
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
from kernel_harness import verify_cases, verify_model


def test_int8_random():
    verify_cases({f"seed {seed}": binary_case("SUB", 100 + seed) for seed in range(20)}, count=2, seed=1)


def test_int16_random():
    verify_int16_random("SUB", 130, power_of_two_nodes=10)


def test_float_random():
    cases = {f"seed {seed}": binary_case("SUB", 1100 + seed, dtype="float32") for seed in range(8)}
    verify_cases(cases, count=2, seed=2)


def test_int32_random():
    verify_int32_arithmetic("SUB", 140)


def test_int8_every_pair():
    verify_cases({f"seed {seed}": exhaustive_case("SUB", 100 + seed, activation=3 * seed) for seed in range(2)})


# Scales whose multipliers differ when the set-up math is done in float instead of double (each changes one
# output of the 65536 pairs): the reference computes SUB's scales in double, as ADD's.
DOUBLE_PRECISION_QUANT = [
    (0.052410807460546494, -109, 0.013526471331715584, -124, 0.011738505214452744, -84),
    (0.00580591382458806, 0, 0.07441968470811844, -121, 0.11061186343431473, 109),
]


def test_int8_double_precision_setup():
    verify_cases({f"quant {quant}": exhaustive_case("SUB", 0, quant=quant) for quant in DOUBLE_PRECISION_QUANT})


@pytest.mark.qemu
def test_in_qemu():
    verify_model(binary_case("SUB", 104), count=2, seed=4, qemu=True)


@pytest.mark.qemu
def test_int16_in_qemu():
    """int16 and int32 nodes in one firmware on a Cortex-M4."""
    verify_int16_in_qemu("SUB", 132, board="mps2-an386", int32_nodes=4)


def test_rejects_unsupported():
    check_rejections("SUB")
    rejects(binary_model("SUB", scales=(0.5, 0.5, 1e-7)), "output scale is too small")
    rejects(binary_model("SUB", types=("int16",) * 3, scales=(0.5, 0.5, 1e-5), version=5), r"2\^15 \* out scale")


def test_rejects_quantized_int32():
    rejects(binary_model("SUB", types=("int32",) * 3, version=1), "int32 SUB takes unquantized tensors only")
