"""QUANTIZE and DEQUANTIZE: 20 random nodes per type pair (shapes, scales, zero points; int16 zero points 0 as
TFLite gives them), all pairs of an op in one model, against TFLite Micro on the host build; every pair in one QEMU
firmware. int32 inputs draw values around the zero point (up to a few hundred int8 steps either way) and the ends
of the int32 range, where the offset wraps as TFLite Micro's int32 arithmetic does."""

import pytest
from op_cases import Batch, random_shape

from cases.quantize import dequantize_node, quantize_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

QUANTIZE_PAIRS = [
    ("float32", "int8"),
    ("float32", "int16"),
    ("int8", "int8"),
    ("int8", "uint8"),
    ("int8", "int16"),
    ("int8", "int32"),
    ("int16", "int8"),
    ("int16", "int16"),
    ("int16", "int32"),
    ("int32", "int8"),
    ("int32", "int16"),
    ("uint8", "int8"),
]


def test_quantize_random():
    """20 nodes of each type pair in one model (int8 <-> uint8: 4 of them at one scale, zero points 128 apart)."""
    b = Batch(0)
    for in_type, out_type in QUANTIZE_PAIRS:
        mixed_signs = {in_type, out_type} == {"int8", "uint8"}
        for k in range(20):
            shape = random_shape(b.rng, max_elements=64) or [3]
            quantize_node(b, in_type, out_type, shape, same_scale=mixed_signs and k < 4)
    verify_model(b.build(), sets=b.sets())


def test_dequantize_random():
    """20 nodes of each input type in one model."""
    b = Batch(20)
    for in_type in ("int8", "int16", "uint8"):
        for _ in range(20):
            dequantize_node(b, in_type, random_shape(b.rng, max_elements=64) or [3])
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    """One node of every QUANTIZE pair and DEQUANTIZE type in one firmware on a Cortex-M33 (ARMv8-M) board."""
    b = Batch(40)
    for in_type, out_type in QUANTIZE_PAIRS:
        quantize_node(b, in_type, out_type, [2, 5])
    for in_type in ("int8", "int16", "uint8"):
        dequantize_node(b, in_type, [7])
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps2-an505")


def single_node(op_name, in_type, out_type, in_quant=(0.05, 0), out_quant=(0.05, 0), version=1) -> bytes:
    g = GraphBuilder()
    x = g.tensor([2, 3], in_type, *(in_quant if in_type != "float32" else (None, None)))
    y = g.tensor([2, 3], out_type, *(out_quant if out_type != "float32" else (None, None)))
    g.op(op_name, [x], [y], version=version)
    return g.build([x], [y])


@pytest.mark.parametrize(
    "op_name,in_type,out_type,reason",
    [
        ("QUANTIZE", "uint8", "int16", "UINT8 -> INT16 is not supported"),
        ("QUANTIZE", "uint8", "int32", "UINT8 -> INT32 is not supported"),
        ("QUANTIZE", "float32", "int32", "FLOAT32 -> INT32 is not supported"),
        ("QUANTIZE", "int16", "float32", "INT16 -> FLOAT32 is not supported"),
        ("DEQUANTIZE", "int32", "float32", "INT32 -> FLOAT32 is not supported"),
        ("DEQUANTIZE", "int16", "int8", "INT16 -> INT8 is not supported"),
    ],
)
def test_rejects_unsupported(op_name, in_type, out_type, reason):
    with pytest.raises(CheckError, match=reason):
        check(read_model(single_node(op_name, in_type, out_type)))


@pytest.mark.parametrize("in_type,out_type,out_scale", [("int16", "int16", 1e-6), ("int32", "int8", 0.049)])
def test_rejects_overflowing_rescale(in_type, out_type, out_scale):
    """An int16 input rescaled up by 2^16, an int32 one by any factor from 1 up (the rescaled input would not fit
    int32)."""
    model = single_node("QUANTIZE", in_type, out_type, in_quant=(0.05, 0), out_quant=(out_scale, 0), version=2)
    with pytest.raises(CheckError, match="too large"):
        check(read_model(model))
