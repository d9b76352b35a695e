"""Constant folding: DEQUANTIZE of float16 and int8 constants, TRANSPOSE/RESHAPE of constants and float32
arithmetic on constants become constants with the kernels' own bits."""

import numpy as np
from rewrite_cases import assert_same_bits, ops, rewritten

import modelkit


def test_float16_weights_fold_to_their_exact_float32_values():
    rng = np.random.default_rng(1)
    weights = rng.normal(size=(1, 16)).astype(np.float16)
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 16], "float32")
    w16 = g.tensor([1, 16], "float16", data=weights)
    w = g.tensor([1, 16], "float32")
    y = g.tensor([1, 16], "float32")
    g.op("DEQUANTIZE", [w16], [w], version=3)
    g.op("ADD", [x, w], [y])
    result = rewritten(g.build([x], [y]))
    assert ops(result.graph) == ["ADD"]
    folded = result.graph.tensors[result.graph.operators[0].inputs[1]]
    assert np.array_equal(folded.array(), weights.astype(np.float32))
    assert [r.kind for r in result.rewrites] == ["fold"] and result.removed() == {0: result.rewrites[0]}
    assert_same_bits(result, given_on_litert=True)  # TFLite Micro refuses float16 DEQUANTIZE


def test_int8_dequantize_movement_and_arithmetic_fold_to_the_kernels_bits():
    """One model, every folding case as its own branch into its own output, checked on TFLite Micro."""
    rng = np.random.default_rng(2)
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 6], "float32")
    outputs = []

    def add_to_input(folded: int) -> None:
        y = g.tensor([1, 6], "float32")
        g.op("ADD", [x, folded], [y])
        outputs.append(y)

    q = g.tensor([1, 6], "int8", scale=0.0371, zero_point=3, data=rng.integers(-128, 128, (1, 6)))
    dq = g.tensor([1, 6], "float32")
    g.op("DEQUANTIZE", [q], [dq])
    add_to_input(dq)
    table = g.tensor([2, 3], "float32", data=rng.normal(size=(2, 3)))
    perm = g.tensor([2], "int32", data=[1, 0])
    moved = g.tensor([3, 2], "float32")
    flat = g.tensor([1, 6], "float32")
    g.op("TRANSPOSE", [table, perm], [moved])
    g.op("RESHAPE", [moved], [flat])
    add_to_input(flat)
    a = g.tensor([1, 6], "float32", data=rng.normal(size=(1, 6)) * 1e3)
    b = g.tensor([1, 1], "float32", data=[[1.0 / 3.0]])
    product, difference = g.tensor([1, 6], "float32"), g.tensor([1, 6], "float32")
    g.op("MUL", [a, b], [product])
    g.op("SUB", [product, b], [difference], fusedActivationFunction=1)
    add_to_input(difference)
    result = rewritten(g.build([x], outputs))
    assert ops(result.graph) == ["ADD", "ADD", "ADD"]
    assert sorted(r.ops[0] for r in result.rewrites) == ["DEQUANTIZE", "MUL", "RESHAPE", "SUB", "TRANSPOSE"]
    assert_same_bits(result)


def test_a_constant_read_elsewhere_is_not_copied_into_flash():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4], "float32")
    table = g.tensor([4], "float32", data=[1.0, 2.0, 3.0, 4.0])
    shaped, y, z = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32"), g.tensor([4], "float32")
    g.op("RESHAPE", [table], [shaped])
    g.op("ADD", [x, shaped], [y])
    g.op("ADD", [table, table], [z])  # reads the same constant: folding would store it twice
    result = rewritten(g.build([x], [y, z]))
    assert "RESHAPE" in ops(result.graph)


def test_a_model_without_anything_to_rewrite_is_returned_as_is():
    g = modelkit.GraphBuilder()
    x, y = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("RELU", [x], [y])
    model = g.build([x], [y])
    result = rewritten(model)
    assert result.graph is result.original and not result.rewrites and result.graph.model_bytes == model


def test_a_keras_reshape_by_its_input_shape_folds_to_a_constant_shape():
    """Keras' Reshape with a None batch converts to SHAPE -> STRIDED_SLICE (the batch) -> PACK (with the target
    dims) -> RESHAPE: the first three fold (a tensor's dimensions are fixed ahead of time), the RESHAPE stays."""
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 2, 3], "int8", scale=0.5, zero_point=-1)
    dims, batch, packed, y = (
        g.tensor([3], "int32"),
        g.tensor([], "int32"),
        g.tensor([2], "int32"),
        g.tensor([1, 6], "int8", scale=0.5, zero_point=-1),
    )
    begin, end = g.tensor([1], "int32", data=[0]), g.tensor([1], "int32", data=[1])
    six = g.tensor([], "int32", data=6)
    g.op("SHAPE", [x], [dims], outType=2)
    g.op("STRIDED_SLICE", [dims, begin, end, end], [batch], shrinkAxisMask=1)
    g.op("PACK", [batch, six], [packed], valuesCount=2, axis=0)
    g.op("RESHAPE", [x, packed], [y])
    result = rewritten(g.build([x], [y]))
    assert ops(result.graph) == ["RESHAPE"]
    assert sorted(r.ops[0] for r in result.rewrites) == ["PACK", "SHAPE", "STRIDED_SLICE"]
    shape = result.graph.tensors[result.graph.operators[0].inputs[1]]
    assert shape.array().tolist() == [1, 6]
    assert_same_bits(result)


def test_strided_slices_and_stacks_of_constants_fold_to_the_kernels_elements():
    """Negative strides, masks and a shrunk axis; a stack along an inner axis: each folded into an ADD's input, so
    TFLite Micro's own output checks every element."""
    rng = np.random.default_rng(3)
    g = modelkit.GraphBuilder()
    x = g.tensor([2, 3], "float32")
    outputs = []
    table = g.tensor([3, 4, 3], "float32", data=rng.normal(size=(3, 4, 3)))
    begin = g.tensor([3], "int32", data=[2, -1, 1])  # axis 2 masked: from 0
    end = g.tensor([3], "int32", data=[0, -9, 3])
    strides = g.tensor([3], "int32", data=[-1, -2, 1])
    sliced, flat = g.tensor([2, 2, 3], "float32"), g.tensor([2, 3], "float32")
    g.op("STRIDED_SLICE", [table, begin, end, strides], [sliced], beginMask=4)
    g.op("SUM", [sliced, g.tensor([1], "int32", data=[1])], [flat])
    y = g.tensor([2, 3], "float32")
    g.op("ADD", [x, flat], [y])
    outputs.append(y)
    rows = [g.tensor([2], "float32", data=rng.normal(size=2)) for _ in range(3)]
    stacked, z = g.tensor([2, 3], "float32"), g.tensor([2, 3], "float32")
    g.op("PACK", rows, [stacked], valuesCount=3, axis=1)
    g.op("ADD", [x, stacked], [z])
    outputs.append(z)
    result = rewritten(g.build([x], outputs))
    assert ops(result.graph) == ["SUM", "ADD", "ADD"]
    assert sorted(r.ops[0] for r in result.rewrites) == ["PACK", "STRIDED_SLICE"]
    assert_same_bits(result)
