"""DEPTH_TO_SPACE and SPACE_TO_DEPTH: 20 random cases per op and type in one model each, against TFLite Micro on
the host build; every op and type in QEMU."""

import pytest
from op_cases import Batch

from cases.depth_to_space import OPS, node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("op_name", OPS)
@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(op_name, dtype):
    b = Batch(OPS.index(op_name) * 2 + (dtype == "int8"))
    for _ in range(20):
        node(b, op_name, dtype, *(int(v) for v in b.rng.integers(1, 4, size=4)), bs=int(b.rng.integers(1, 4)))
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(4)
    for op_name in OPS:
        for dtype in ("float32", "int8"):
            node(b, op_name, dtype, 1, 2, 3, 2, 2)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_wrong_output_shape():
    g = GraphBuilder()
    x, y = g.tensor([1, 2, 2, 8], "float32"), g.tensor([1, 4, 4, 4], "float32")
    g.op("DEPTH_TO_SPACE", [x], [y], blockSize=2)
    with pytest.raises(CheckError, match=r"output shape \[1, 4, 4, 4\] does not follow"):
        check(read_model(g.build([x], [y])))
