"""A zero PAD before a VALID convolution becomes its SAME padding only where the geometry is exactly SAME's;
each case one branch of one model, checked bit for bit on TFLite Micro."""

from rewrite_cases import assert_same_bits, ops

from cases.rewrite_fold_pad import Branches


def test_float_pads_fold_where_same_padding_is_the_same():
    b = Branches("float32")
    b.add("CONV_2D", [[1, 1], [1, 1]], 1, 6)  # folds
    b.add("DEPTHWISE_CONV_2D", [[0, 1], [0, 1]], 2, 3)  # stride 2: SAME puts the odd row after; folds
    b.add("CONV_2D", [[1, 0], [1, 0]], 2, 3)  # the odd row before: not SAME's, kept
    b.add("CONV_2D", [[2, 2], [2, 2]], 1, 8)  # a wider output than SAME's: kept
    result = b.result()
    assert ops(result.graph) == ["CONV_2D", "DEPTHWISE_CONV_2D", "PAD", "CONV_2D", "PAD", "CONV_2D"]
    assert [op.options["padding"] for op in result.graph.operators if op.op_name != "PAD"] == [0, 0, 1, 1]
    assert_same_bits(result)


def test_int8_pads_fold_only_with_the_zero_point():
    b = Branches("int8")
    b.add("CONV_2D", [[1, 1], [1, 1]], 1, 6)  # PAD pads int8 with the zero point: folds
    b.add("CONV_2D", [[1, 1], [1, 1]], 1, 6, "PADV2", value=3)  # the zero point as PADV2's value: folds
    b.add("CONV_2D", [[1, 1], [1, 1]], 1, 6, "PADV2", value=0)  # another value: kept
    result = b.result()
    assert ops(result.graph) == ["CONV_2D", "CONV_2D", "PADV2", "CONV_2D"]
    assert_same_bits(result)
