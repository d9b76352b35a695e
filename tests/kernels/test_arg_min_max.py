"""ARG_MAX and ARG_MIN: 20 random cases per op and type (int8 and float32, any and negative axes, int32 output)
in one model each, against TFLite Micro on the host build (ties: the first index wins); every op and type in
QEMU on an ARMv8-M board."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.arg_min_max import arg_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder

OPS = ["ARG_MAX", "ARG_MIN"]


@pytest.mark.parametrize("op_name", OPS)
@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(op_name, dtype):
    b = Batch(OPS.index(op_name) * 2 + (dtype == "int8"))
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=4, max_elements=96) or [4]
        axis = int(b.rng.integers(-len(shape), len(shape)))
        arg_node(b, op_name, dtype, shape, axis)
    verify_model(b.build(), sets=b.sets())


def test_ties_take_the_first():
    """Many equal int8 values along a long axis: the first index of the extreme value."""
    cases = {}
    for op_name in OPS:
        b = Batch(7)
        arg_node(b, op_name, "int8", [3, 200], 1, lambda rng, s: rng.integers(-128, -120, size=s, dtype=np.int8))
        arg_node(b, op_name, "int8", [3, 200], 1, lambda rng, s: rng.integers(120, 128, size=s, dtype=np.int8))
        cases[op_name] = (b.build(), b.sets())
    verify_cases(cases)


def test_rejects_int64_output():
    g = GraphBuilder()
    x, a, y = g.tensor([2, 5], "float32"), g.tensor([1], "int32", data=[1]), g.tensor([2], "int64")
    g.op("ARG_MIN", [x, a], [y], outputType=4)
    with pytest.raises(CheckError, match=r"ARG_MIN.*outputs int32 only"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(9)
    for op_name in OPS:
        for dtype in ("float32", "int8"):
            arg_node(b, op_name, dtype, [2, 5, 3], 1)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps2-an505")
