"""Cancelling DEQUANTIZE/QUANTIZE pairs and dead nodes; the flatbuffer the rewritten graph is written as."""

import numpy as np
from rewrite_cases import assert_same_bits, ops, rewritten

import modelkit
from generator.reference import reference_outputs


def _round_trip(g, x, scale: float, zero_point: int) -> int:
    middle = g.tensor([1, 256], "float32")
    g.op("DEQUANTIZE", [x], [middle])
    back = g.tensor([1, 256], "int8", scale=scale, zero_point=zero_point)
    g.op("QUANTIZE", [middle], [back])
    y = g.tensor([1, 256], "int8", scale=0.07, zero_point=1)
    g.op("ADD", [back, back], [y])
    return y


def test_a_dequantize_quantize_round_trip_cancels_only_when_exact():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 256], "int8", scale=0.0123, zero_point=-5)
    outputs = [_round_trip(g, x, 0.0123, -5), _round_trip(g, x, 0.0123, -4)]
    result = rewritten(g.build([x], outputs))
    assert ops(result.graph) == ["ADD", "DEQUANTIZE", "QUANTIZE", "ADD"]
    assert [r.kind for r in result.rewrites] == ["cancel"]
    every_int8 = [[np.arange(-128, 128, dtype=np.int8).reshape(1, 256)]]
    before = reference_outputs(result.original.model_bytes, every_int8, 2)
    after = reference_outputs(result.graph.model_bytes, every_int8, 2)
    assert all(np.array_equal(b, a) for b, a in zip(before[0], after[0]))
    assert_same_bits(result)


def test_dead_nodes_and_their_tensors_go():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 8], "float32")
    y, unused, unused_too = (g.tensor([1, 8], "float32") for _ in range(3))
    g.op("RELU", [x], [y])
    g.op("TANH", [x], [unused])
    g.op("LOGISTIC", [unused], [unused_too])
    g.tensor([1, 8], "float32", data=np.ones((1, 8)))  # a constant no node reads
    result = rewritten(g.build([x], [y]))
    assert ops(result.graph) == ["RELU"]
    assert [(r.kind, r.ops) for r in result.rewrites] == [("dead", ["LOGISTIC"]), ("dead", ["TANH"])]
    assert len(result.graph.tensors) == 2 and result.savings()["nodes"] == 2


def test_the_rewritten_flatbuffer_aligns_every_constant_and_stores_equal_ones_once():
    rng = np.random.default_rng(5)
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 3], "float32")
    weights = rng.normal(size=(1, 3)).astype(np.float16)
    outputs = []
    for _ in range(2):  # two float16 constants with the same values
        w16, w, y = g.tensor([1, 3], "float16", data=weights), g.tensor([1, 3], "float32"), g.tensor([1, 3], "float32")
        g.op("DEQUANTIZE", [w16], [w], version=3)
        g.op("MUL", [x, w], [y])
        outputs.append(y)
    result = rewritten(g.build([x], outputs))
    constants = [t for t in result.graph.tensors if t.data is not None]
    assert len(constants) == 2 and all(t.data_offset % 16 == 0 for t in constants)
    assert constants[0].data_offset == constants[1].data_offset
