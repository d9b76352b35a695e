"""ELU: 20 random float32 cases and every int8 value under 20 random quantizations, in one model each, against
TFLite Micro on the host build; both types in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_quant, random_shape, random_values

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def test_float32_random():
    b = Batch(1)
    for _ in range(20):
        shape = random_shape(b.rng)
        x = b.input(shape, "float32", values=lambda rng, s: random_values(rng, "float32", s, low=-20, high=5))
        b.node("ELU", [x], [b.output(shape, "float32")])
    verify_model(b.build(), sets=b.sets())


def test_int8_every_value():
    b = Batch(2)
    for _ in range(20):
        x = b.input([256], "int8", random_quant(b.rng, "int8"), lambda rng, s: np.arange(-128, 128, dtype=np.int8))
        b.node("ELU", [x], [b.output([256], "int8", random_quant(b.rng, "int8"))])
    verify_model(b.build(), sets=b.sets(1))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(3)
    x = b.input([256], "int8", random_quant(b.rng, "int8"), lambda rng, s: np.arange(-128, 128, dtype=np.int8))
    b.node("ELU", [x], [b.output([256], "int8", random_quant(b.rng, "int8"))])
    y = b.input([3, 5], "float32")
    b.node("ELU", [y], [b.output([3, 5], "float32")])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_unsupported():
    g = GraphBuilder()
    x, y = g.tensor([4], "int16", 0.01, 0), g.tensor([4], "int16", 0.01, 0)
    g.op("ELU", [x], [y])
    with pytest.raises(CheckError, match=r"INT16/INT16 are not supported \(int8 or float32\)"):
        check(read_model(g.build([x], [y])))
