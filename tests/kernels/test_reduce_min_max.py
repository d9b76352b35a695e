"""REDUCE_MAX, REDUCE_MIN (float32, int8) and REDUCE_ALL (bool): 20 random cases per op and type (random axes,
negative and repeated ones, keep_dims or not) in one model each, against TFLite Micro on the host build; every op
and type in one QEMU firmware."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.reduce_min_max import mostly_true, reduce_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

OPS = ["REDUCE_MAX", "REDUCE_MIN"]


@pytest.mark.parametrize("op_name", OPS)
@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(op_name, dtype):
    b = Batch(OPS.index(op_name) * 2 + (dtype == "int8"))
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=5, max_elements=64) or [3]
        axes = [int(a) for a in b.rng.integers(-len(shape), len(shape), size=int(b.rng.integers(1, len(shape) + 2)))]
        reduce_node(b, op_name, dtype, shape, axes, bool(b.rng.integers(0, 2)))
    verify_model(b.build(), sets=b.sets())


def test_reduce_all_random():
    """Bools mostly true (one false in eight), so that some reduced groups stay true."""
    b = Batch(5)
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=5, max_elements=64) or [3]
        axes = [int(a) for a in b.rng.integers(-len(shape), len(shape), size=int(b.rng.integers(1, len(shape) + 2)))]
        reduce_node(b, "REDUCE_ALL", "bool", shape, axes, bool(b.rng.integers(0, 2)), values=mostly_true)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(9)
    for op_name in OPS:
        for dtype in ("float32", "int8"):
            reduce_node(b, op_name, dtype, [2, 3, 4], [1, -1], False)
    reduce_node(b, "REDUCE_ALL", "bool", [2, 3, 4], [1, -1], False, values=mostly_true)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_unsupported():
    g = GraphBuilder()
    x, y = g.tensor([2, 3], "int8", 0.1, 0), g.tensor([2], "int8", 0.2, 0)
    axis = g.tensor([1], "int32", data=np.array([1]))
    g.op("REDUCE_MAX", [x, axis], [y], keepDims=False)
    with pytest.raises(CheckError, match="needs the same scale and zero point on input and output"):
        check(read_model(g.build([x], [y])))
