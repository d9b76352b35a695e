"""L2_POOL_2D (the pooling family, float32 only): 20 random nodes (strides, filters, SAME/VALID, fused
activations) in one model against TFLite Micro on the host build; int8 refused at check time; a few in QEMU on
the Cortex-M55 board."""

import pytest
from op_cases import Batch

from cases.l2_pool_2d import l2_pool_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def test_random():
    b = Batch(3)
    for _ in range(20):
        l2_pool_node(b)
    verify_model(b.build(), sets=b.sets())


def test_rejects_int8():
    g = GraphBuilder()
    x, y = g.tensor([1, 4, 4, 2], "int8", 0.1, 0), g.tensor([1, 2, 2, 2], "int8", 0.1, 0)
    g.op("L2_POOL_2D", [x], [y], padding=1, strideH=2, strideW=2, filterHeight=2, filterWidth=2)
    with pytest.raises(CheckError, match="L2_POOL_2D takes float32 only"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(4)
    for _ in range(3):
        l2_pool_node(b, max_side=6)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps3-an547")
