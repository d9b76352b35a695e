"""TRANSPOSE_CONV: 20 random nodes per type (int8 per-channel and per-tensor, int16x8 with int64, int16 or no bias,
float32) in one model each, against TFLite Micro on the host build: strides, SAME/VALID padding, output sizes the
converter gives and others TFLite Micro also runs, batches, optional bias, fused activations; every type in QEMU
on a Cortex-M4 and an ARMv8-M board; and the nodes TFLite Micro refuses."""

import numpy as np
import pytest
from op_cases import Batch

from cases.transpose_conv import SAME, geometry, transpose_conv_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

BIASES = {"int8": [None, "int32"], "int16": [None, "int64", "int16"], "float32": [None, "float32"]}


@pytest.mark.parametrize("dtype", ["int8", "int16", "float32"])
def test_random(dtype):
    b = Batch(["int8", "int16", "float32"].index(dtype) + 40)
    for _ in range(20):
        in_depth, out_depth = (int(v) for v in b.rng.integers(1, 9, size=2))
        bias = BIASES[dtype][int(b.rng.integers(0, len(BIASES[dtype])))]
        transpose_conv_node(b, dtype, geometry(b.rng), in_depth, out_depth, bias)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])
def test_in_qemu(board):
    b = Batch(7)
    g = dict(batches=1, h=3, w=4, kh=3, kw=2, sh=2, sw=1, padding=SAME, oh=6, ow=4)
    for dtype, bias in (("int8", "int32"), ("int16", "int64"), ("float32", "float32")):
        transpose_conv_node(b, dtype, g, 5, 3, bias)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def _refused(dtypes, bias_dtype=None, out_hw=(4, 4)) -> str:
    g = GraphBuilder()
    shape = g.tensor([4], "int32", data=np.array([1, *out_hw, 3]))
    f = g.tensor([3, 2, 2, 2], dtypes[1], [0.01], [0], data=np.ones((3, 2, 2, 2)))
    x = g.tensor([1, 2, 2, 2], dtypes[0], 0.1, 0)
    inputs = [shape, f, x]
    if bias_dtype:
        inputs.append(g.tensor([3], bias_dtype, [0.001], [0], data=np.zeros(3)))
    y = g.tensor([1, 4, 4, 3], dtypes[2], 0.1, 0)
    g.op("TRANSPOSE_CONV", inputs, [y], version=3, padding=SAME, strideH=2, strideW=2)
    with pytest.raises(CheckError) as info:
        check(read_model(g.build([x], [y])))
    return str(info.value)


def test_refuses_what_tflite_micro_refuses():
    assert "hybrid" in _refused(("float32", "int8", "float32"))
    assert "INT64 (or INT16) bias" in _refused(("int16", "int8", "int16"), "int32")
    assert "output_shape [1, 5, 4, 3] differs" in _refused(("int8", "int8", "int8"), out_hw=(5, 4))
