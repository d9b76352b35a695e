"""AVERAGE_POOL_2D, MAX_POOL_2D and SOFTMAX with int16 activations: per op 24 random nodes in one model (shapes,
strides, filters, padding, fused activations; softmax shapes, input scales and betas) against TFLite Micro on the
host build; every op in one QEMU build per board; the refused variants."""

import pytest
from op_cases import Batch

from cases.int16_activations import pool_node, softmax_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

NODES = 24


BUILDERS = {
    "AVERAGE_POOL_2D": lambda b: pool_node(b, "AVERAGE_POOL_2D"),
    "MAX_POOL_2D": lambda b: pool_node(b, "MAX_POOL_2D"),
}


@pytest.mark.parametrize("op_name", BUILDERS)
def test_random(op_name):
    b = Batch(list(BUILDERS).index(op_name) + 180)
    for _ in range(NODES):
        BUILDERS[op_name](b)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_in_qemu(board):
    b = Batch(190)
    for build in BUILDERS.values():
        build(b)
        build(b)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def test_refuses_rescaling_int16_pool():
    g = GraphBuilder()
    x, y = g.tensor([1, 4, 4, 2], "int16", 0.001, 0), g.tensor([1, 2, 2, 2], "int16", 0.002, 0)
    g.op("MAX_POOL_2D", [x], [y], version=3, padding=1, strideH=2, strideW=2, filterHeight=2, filterWidth=2)
    with pytest.raises(CheckError, match="share scale and zero point"):
        check(read_model(g.build([x], [y])))


BUILDERS["SOFTMAX"] = softmax_node


def test_refuses_softmax_int16_output_scale():
    g = GraphBuilder()
    x, y = g.tensor([2, 5], "int16", 0.001, 0), g.tensor([2, 5], "int16", 1.0 / 65536, 0)
    g.op("SOFTMAX", [x], [y], version=3, beta=1.0)
    with pytest.raises(CheckError, match="scale 1/32768"):
        check(read_model(g.build([x], [y])))
