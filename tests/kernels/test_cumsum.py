"""CUMSUM: 20 random cases per type (float32, and int8 on TFLite Micro's quantized path; any and negative axes,
exclusive and reverse) in one model each, against TFLite Micro on the host build; both types in QEMU."""

import pytest
from op_cases import Batch, random_shape

from cases.cumsum import cumsum_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(dtype):
    b = Batch(1 + (dtype == "int8"))
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=4, max_elements=96) or [5]
        axis = int(b.rng.integers(-len(shape), len(shape)))
        cumsum_node(b, dtype, shape, axis, bool(b.rng.integers(0, 2)), bool(b.rng.integers(0, 2)))
    verify_model(b.build(), sets=b.sets())


def test_rejects_int16():
    g = GraphBuilder()
    x, a, y = g.tensor([2, 3], "int16", 0.1, 0), g.tensor([1], "int32", data=[1]), g.tensor([2, 3], "int16", 0.1, 0)
    g.op("CUMSUM", [x, a], [y])
    with pytest.raises(CheckError, match=r"CUMSUM.*INT16/INT16 are not supported"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(9)
    for dtype in ("float32", "int8"):
        cumsum_node(b, dtype, [2, 4, 3], 1, False, False)
        cumsum_node(b, dtype, [3, 5], -1, True, True)
    verify_model(b.build(), sets=b.sets(1), qemu=True)
