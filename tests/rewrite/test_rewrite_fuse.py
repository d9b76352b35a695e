"""Activation fusion: RELU/RELU6/RELU_N1_TO_1 after CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED or ADD becomes
the producer's fused activation where the clamp is exactly the same; checked bit for bit on TFLite Micro."""

import numpy as np
from rewrite_cases import assert_same_bits, ops, rewritten

import modelkit


def _float_chain(g, rng, x):
    """conv -> RELU, fully connected -> RELU6, ADD -> RELU_N1_TO_1 (fused) and a RELU whose input is also
    read by another node (kept)."""
    w = g.tensor([2, 3, 3, 1], "float32", data=rng.normal(size=(2, 3, 3, 1)))
    conv, relu = g.tensor([1, 4, 4, 2], "float32"), g.tensor([1, 4, 4, 2], "float32")
    bias = g.tensor([2], "float32", data=rng.normal(size=2))
    g.op("CONV_2D", [x, w, bias], [conv], padding=0, strideW=1, strideH=1)
    g.op("RELU", [conv], [relu])
    flat = g.tensor([1, 32], "float32")
    g.op("RESHAPE", [relu, g.tensor([2], "int32", data=[1, 32])], [flat])
    fw = g.tensor([8, 32], "float32", data=rng.normal(size=(8, 32)) * 0.3)
    fc, six = g.tensor([1, 8], "float32"), g.tensor([1, 8], "float32")
    fb = g.tensor([8], "float32", data=rng.normal(size=8))
    g.op("FULLY_CONNECTED", [flat, fw, fb], [fc])
    g.op("RELU6", [fc], [six])
    total, clipped = g.tensor([1, 8], "float32"), g.tensor([1, 8], "float32")
    g.op("ADD", [six, six], [total])
    g.op("RELU_N1_TO_1", [total], [clipped])
    shared, kept = g.tensor([1, 8], "float32"), g.tensor([1, 8], "float32")
    g.op("ADD", [clipped, six], [shared])
    g.op("RELU", [shared], [kept])
    return [kept, shared]


def test_float_activations_fuse_into_their_producers():
    rng = np.random.default_rng(3)
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4, 4, 1], "float32")
    result = rewritten(g.build([x], _float_chain(g, rng, x)))
    assert ops(result.graph) == ["CONV_2D", "RESHAPE", "FULLY_CONNECTED", "ADD", "ADD", "RELU"]
    fused = [op.options.get("fused_activation_function", 0) for op in result.graph.operators[:5]]
    assert fused == [1, 0, 3, 2, 0]
    # TFLite Micro has no RELU_N1_TO_1 kernel; LiteRT's reference runs the model as given
    assert_same_bits(result, given_on_litert=True)


def _int8_add_relu(g, x, op: str, out_scale: float, out_zero_point: int) -> int:
    total = g.tensor([1, 64], "int8", scale=0.05, zero_point=-7)
    g.op("ADD", [x, x], [total])
    y = g.tensor([1, 64], "int8", scale=out_scale, zero_point=out_zero_point)
    g.op(op, [total], [y])
    return y


def test_int8_fuses_only_where_the_clamp_is_the_same():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 64], "int8", scale=0.04, zero_point=2)
    outputs = [
        _int8_add_relu(g, x, "RELU", 0.05, -7),  # same quantization: fused
        _int8_add_relu(g, x, "RELU6", 0.05, -7),  # fused
        _int8_add_relu(g, x, "RELU", 0.025, -7),  # rescales: kept
    ]
    result = rewritten(g.build([x], outputs))
    assert ops(result.graph) == ["ADD", "ADD", "ADD", "RELU"]
    assert [op.options["fused_activation_function"] for op in result.graph.operators[:3]] == [1, 3, 0]
    assert_same_bits(result)
