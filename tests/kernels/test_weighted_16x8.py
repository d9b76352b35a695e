"""CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED with int16 activations and int8 weights (16x8): per op 24 random
nodes in one model (shapes, strides, dilations, padding, groups, depth multipliers, per-channel and per-tensor
weights, int64, int32 or no bias, fused activations, multipliers above one) against TFLite Micro on the host build;
every op in one QEMU build per board; the refused variants."""

import numpy as np
import pytest
from op_cases import Batch

from cases.weighted_16x8 import conv_node, depthwise_node, fully_connected_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

NODES = 24


BUILDERS = {"CONV_2D": conv_node, "DEPTHWISE_CONV_2D": depthwise_node, "FULLY_CONNECTED": fully_connected_node}


@pytest.mark.parametrize("op_name", BUILDERS)
def test_random(op_name):
    b = Batch(list(BUILDERS).index(op_name) + 160)
    for i in range(NODES):
        BUILDERS[op_name](b, boost=i % 6 == 5)
    verify_model(b.build(), sets=b.sets())


DSP = ["dsp", "reference"]


@pytest.mark.parametrize("op_name", list(BUILDERS))
def test_dsp_random(op_name):
    """The dsp kernels on the same random nodes (the grouped ones stay with the reference kernel)."""
    b = Batch(list(BUILDERS).index(op_name) + 160)
    for i in range(NODES):
        BUILDERS[op_name](b, boost=i % 6 == 5)
    if op_name == "DEPTHWISE_CONV_2D":
        for i in range(NODES // 2):
            depthwise_node(b, boost=i % 6 == 5, pairs=True)
        for i in range(NODES // 2):
            depthwise_node(b, boost=i % 6 == 5, fused=True)
    model = b.build()
    backends = [k.backend for k in check(read_model(model), backends=DSP).kernels]
    assert backends.count("dsp") >= NODES // 2, backends
    verify_model(model, sets=b.sets(), backends=DSP)


BOARD_BACKENDS = {
    "mps2-an386": ["dsp", "reference"],
    "mps2-an505": ["dsp", "reference"],
    "mps3-an547": ["mve", "dsp", "reference"],
}


@pytest.mark.qemu
@pytest.mark.parametrize("board", list(BOARD_BACKENDS))
def test_in_qemu(board):
    """Every op with the reference kernels, then CONV_2D, DEPTHWISE_CONV_2D (half of them 3x3 at stride 1 or 2, four
    more in the fused loops' shape) and FULLY_CONNECTED again with the board's optimized ones (dsp on the Cortex-M4
    and M33, mve on the Cortex-M55: 10 random nodes each), in one build per board."""
    b = Batch(170)
    for build in BUILDERS.values():
        for boost in (False, True):
            build(b, boost)
    reference = len(b.outputs)
    for i in range(10):
        conv_node(b, i % 5 == 4)
        depthwise_node(b, i % 5 == 4, pairs=i % 2 == 0)
    for i in range(4):  # the 3x3 stride-1 loops with the requantization folded in
        depthwise_node(b, i == 3, fused=True)
        fully_connected_node(b, i % 5 == 4)
    model = b.build()
    backends = BOARD_BACKENDS[board]
    kernels = check(read_model(model), backends=backends).kernels
    assert sum(k.backend == backends[0] for k in kernels[reference:]) >= 20
    verify_model(model, sets=b.sets(1), qemu=True, board=board, backends=backends)


def _refusal(inputs_of, op_name, **opts) -> str:
    g = GraphBuilder()
    x = g.tensor([1, 4, 4, 2], "int16", 0.001, 0)
    f = g.tensor([2, 1, 1, 2], "int8", [0.01], [0], data=np.ones((2, 1, 1, 2)))
    y = g.tensor([1, 4, 4, 2], "int16", 0.002, 0)
    g.op(op_name, inputs_of(g, x, f), [y], padding=1, strideH=1, strideW=1, **opts)
    with pytest.raises(CheckError) as info:
        check(read_model(g.build([x], [y])))
    return str(info.value)


def test_refuses_depthwise_int32_bias():
    def inputs(g, x, f):
        f = g.tensor([1, 1, 1, 2], "int8", [0.01], [0], data=np.ones((1, 1, 1, 2)))
        return [x, f, g.tensor([2], "int32", [1e-5], [0], data=[1, 2])]

    assert "INT64 bias, not INT32" in _refusal(inputs, "DEPTHWISE_CONV_2D", depthMultiplier=1)


def test_refuses_asymmetric_int16():
    def inputs(g, x, f):
        g.graph.tensors[x].quantization.zeroPoint = [3]
        return [x, f]

    assert "symmetric" in _refusal(inputs, "CONV_2D")


def test_refuses_large_multiplier():
    def inputs(g, x, f):
        g.graph.tensors[f].quantization.scale = [300.0]  # 0.001 * 300 / 0.002: a shift of 8
        return [x, f]

    assert "below 128" in _refusal(inputs, "CONV_2D")


def test_refuses_fully_connected_int16_bias():
    g = GraphBuilder()
    x = g.tensor([1, 4], "int16", 0.001, 0)
    w = g.tensor([2, 4], "int8", [0.01], [0], data=np.ones((2, 4)))
    bias = g.tensor([2], "int16", [1e-5], [0], data=[1, 2])
    y = g.tensor([1, 2], "int16", 0.002, 0)
    g.op("FULLY_CONNECTED", [x, w, bias], [y], version=7)
    with pytest.raises(CheckError, match="INT64 or INT32 bias, not INT16"):
        check(read_model(g.build([x], [y])))
