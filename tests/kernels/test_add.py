"""ADD: randomized int8, int16, float32 and int32 cases (broadcasting up to 6-D, constant operands, fused activations)
against TFLite Micro. Its case builders (tests/cases/add.py) serve test_sub.py and test_mul.py too."""

import pytest
from op_cases import Batch

from cases.add import (
    binary_case,
    binary_model,
    check_rejections,
    exhaustive_case,
    int32_node,
    rejects,
    verify_int16_in_qemu,
    verify_int16_random,
)
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int16_random():
    verify_int16_random("ADD", 30, power_of_two_nodes=10)


def test_int8_random():
    verify_cases({f"seed {seed}": binary_case("ADD", seed) for seed in range(20)}, count=2, seed=1)


def test_float_random():
    verify_cases(
        {f"seed {seed}": binary_case("ADD", 1000 + seed, dtype="float32") for seed in range(8)}, count=2, seed=2
    )


def test_int8_every_pair():
    verify_cases({f"seed {seed}": exhaustive_case("ADD", seed, activation=seed) for seed in range(2)})


# Scales whose multipliers differ when the set-up math is done in float instead of double: each changes one
# output of the 65536 pairs, so these pin TFLite Micro's double-precision CalculateOpDataAdd.
DOUBLE_PRECISION_QUANT = [
    (0.07377713918685913, -120, 0.009558304212987423, -123, 0.29276224970817566, 10),
    (0.04221811518073082, 64, 0.010232401080429554, 5, 0.07828814536333084, -50),
]


def test_int8_double_precision_setup():
    verify_cases({f"quant {quant}": exhaustive_case("ADD", 0, quant=quant) for quant in DOUBLE_PRECISION_QUANT})


@pytest.mark.qemu
def test_in_qemu():
    verify_model(binary_case("ADD", 3), count=2, seed=3, qemu=True)


@pytest.mark.qemu
def test_int16_in_qemu():
    verify_int16_in_qemu("ADD", 32)


def test_rejects_unsupported():
    check_rejections("ADD")
    rejects(binary_model("ADD", scales=(0.5, 0.5, 1e-7)), "output scale is too small")
    rejects(binary_model("ADD", types=("int16",) * 3, scales=(0.5, 0.5, 1e-5), version=3), r"2\^15 \* out scale")


def test_int32_random():
    b = Batch(33)
    for _ in range(20):
        int32_node(b)
    verify_model(b.build(), sets=b.sets(2))


def test_rejects_unsupported_int32():
    rejects(binary_model("ADD", types=("int32",) * 3), "int32 ADD takes unquantized tensors only")
    g = GraphBuilder()
    x1, x2, y = (
        g.tensor([2, 1, 1, 1, 3], "int32"),
        g.tensor([2, 1, 1, 1, 1], "int32"),
        g.tensor([2, 1, 1, 1, 3], "int32"),
    )
    g.op("ADD", [x1, x2], [y], version=1)
    rejects(g.build([x1, x2], [y]), "broadcasts up to 4 dimensions")
