"""TRANSPOSE_CONV: 20 random nodes per type (int8 per-channel and per-tensor, int16x8 with int64, int16 or no bias,
float32) in one model each, against TFLite Micro on the host build: strides, SAME/VALID padding, output sizes the
converter gives and others TFLite Micro also runs, batches, optional bias, fused activations; every type in QEMU
on a Cortex-M4 and an ARMv8-M board; and the nodes TFLite Micro refuses."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

SAME, VALID = 0, 1
ACC_SPREAD = {"int8": 74.0 * 73.0, "int16": 18900.0 * 73.0}  # a product's standard deviation at full range


def geometry(rng) -> dict:
    """Random shapes and options; the output size the converter gives, or now and then one a step off."""
    h, w = (int(v) for v in rng.integers(1, 6, size=2))
    kh, kw = (int(v) for v in rng.integers(1, 5, size=2))
    sh, sw = (int(v) for v in rng.integers(1, 4, size=2))
    padding = int(rng.integers(0, 2))
    oh, ow = (h * sh, w * sw) if padding == SAME else ((h - 1) * sh + kh, (w - 1) * sw + kw)
    if rng.integers(0, 4) == 0:
        oh, ow = max(1, oh + int(rng.integers(-1, 2))), max(1, ow + int(rng.integers(-1, 2)))
    return dict(batches=int(rng.choice([1, 1, 2])), h=h, w=w, kh=kh, kw=kw, sh=sh, sw=sw, padding=padding, oh=oh, ow=ow)


def transpose_conv_node(b: Batch, dtype: str, g: dict, in_depth: int, out_depth: int, bias: str | None):
    """One node; bias is None or the bias tensor's type."""
    rng = b.rng
    activation = int(rng.integers(0, 4))
    filter_shape = [out_depth, g["kh"], g["kw"], in_depth]
    out_shape = [g["batches"], g["oh"], g["ow"], out_depth]
    shape = b.constant(np.array(out_shape, dtype=np.int32), "int32")
    if dtype == "float32":
        x = b.input([g["batches"], g["h"], g["w"], in_depth], "float32")
        f = b.constant(rng.normal(size=filter_shape).astype(np.float32), "float32")
        inputs = [shape, f, x]
        if bias:
            inputs.append(b.constant(rng.normal(size=out_depth).astype(np.float32), "float32"))
        y = b.output(out_shape, "float32")
    else:
        taps = g["kh"] * g["kw"] * in_depth
        w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if rng.integers(0, 4) else 1)]
        out_scale = rand_scale(rng, 0.01, 0.5) if dtype == "int8" else rand_scale(rng, 1e-4, 1e-2)
        # the input scale that spreads the accumulators over a fair part of the output range
        target = 40.0 if dtype == "int8" else 8000.0
        multiplier = target / (ACC_SPREAD[dtype] * np.sqrt(taps)) * float(np.exp(rng.uniform(-1.0, 1.0)))
        in_scale = out_scale * multiplier / max(w_scale)
        zps = (int(rng.integers(-128, 128)), int(rng.integers(-128, 128))) if dtype == "int8" else (0, 0)
        x = b.input([g["batches"], g["h"], g["w"], in_depth], dtype, (in_scale, zps[0]))
        f = b.constant(
            rng.integers(-127, 128, size=filter_shape).astype(np.int8), "int8", (w_scale, [0] * len(w_scale))
        )
        inputs = [shape, f, x]
        if bias:
            spread = int(ACC_SPREAD[dtype] * np.sqrt(taps)) if bias != "int16" else 30000
            values = rng.integers(-spread, spread + 1, size=out_depth).astype(bias)
            inputs.append(b.constant(values, bias, ([in_scale * s for s in w_scale], [0] * len(w_scale))))
        y = b.output(out_shape, dtype, (out_scale, zps[1]))
    version = 4 if activation else 3
    b.node(
        "TRANSPOSE_CONV",
        inputs,
        [y],
        version=version,
        padding=g["padding"],
        strideH=g["sh"],
        strideW=g["sw"],
        fusedActivationFunction=activation,
    )


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
