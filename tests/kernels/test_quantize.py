"""QUANTIZE and DEQUANTIZE: 20 random nodes per type pair (shapes, scales, zero points; int16 zero points 0 as
TFLite gives them), all pairs of an op in one model, against TFLite Micro on the host build; every pair in one QEMU
firmware. int32 inputs draw values around the zero point (up to a few hundred int8 steps either way) and the ends
of the int32 range, where the offset wraps as TFLite Micro's int32 arithmetic does."""

import numpy as np
import pytest
from op_cases import Batch, random_shape, random_values

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

ZERO_POINTS = {"int8": (-128, 127), "uint8": (0, 255), "int16": (0, 0), "int32": (-1000, 1000)}
INPUT_SCALES = {"int16": (1e-4, 1e-2), "int32": (1e-7, 1e-5)}


def quant_for(rng, dtype: str, scale: float) -> tuple[float, int]:
    low, high = ZERO_POINTS[dtype]
    return scale, int(rng.integers(low, high + 1))


def output_scale(rng, in_type: str, in_scale: float, out_type: str) -> float:
    """An output scale that maps the input's range onto the output type's, within a factor of two either way."""
    if in_type == "float32":
        return 8.0 / (128.0 if out_type == "int8" else 32768.0) * float(rng.uniform(0.5, 2.0))
    widen = {
        ("int8", "int16"): 2.0**-8,
        ("int16", "int8"): 2.0**8,
        ("int8", "int32"): 2.0**-16,
        ("int16", "int32"): 2.0**-8,
        ("int32", "int8"): 2.0**16,
        ("int32", "int16"): 2.0**8,
    }.get((in_type, out_type), 1.0)
    return in_scale * widen * float(rng.uniform(0.5, 2.0))


def quantize_node(b: Batch, in_type: str, out_type: str, shape, same_scale=False):
    """One QUANTIZE node; `same_scale`: int8 <-> uint8 at one scale, zero points 128 apart (TFLite's bit flip)."""
    in_quant = None
    in_scale = 0.0
    values = None
    if in_type != "float32":
        in_scale = rand_scale(b.rng, *INPUT_SCALES.get(in_type, (0.005, 0.2)))
        in_quant = quant_for(b.rng, in_type, in_scale)
        if same_scale:
            in_quant = (in_scale, int(b.rng.integers(-128, 128)) if in_type == "int8" else int(b.rng.integers(0, 256)))
    if same_scale:
        out_quant = (in_scale, in_quant[1] + (128 if out_type == "uint8" else -128))
    else:
        out_quant = quant_for(b.rng, out_type, output_scale(b.rng, in_type, in_scale, out_type))
    if in_type == "int32":
        values = int32_values(in_quant[1], int(b.rng.integers(2**10, 2**16)))
    x = b.input(shape, in_type, in_quant, values)
    b.node("QUANTIZE", [x], [b.output(shape, out_type, out_quant)], version=2 if out_type == "int16" else 1)


def int32_values(zero_point: int, spread: int):
    """int32 inputs: zero point +- spread << 8 (4 to 256 int8 steps at the scales above), but the first and last
    element the ends of the int32 range."""

    def draw(rng, shape):
        values = random_values(rng, "int32", shape, zero_point - (spread << 8), zero_point + (spread << 8))
        flat = values.reshape(-1)
        if flat.size >= 2:
            flat[0], flat[-1] = np.iinfo(np.int32).min, np.iinfo(np.int32).max
        return values

    return draw


def dequantize_node(b: Batch, in_type: str, shape):
    scale = rand_scale(b.rng, 1e-4, 1e-2) if in_type == "int16" else rand_scale(b.rng, 0.005, 0.2)
    x = b.input(shape, in_type, quant_for(b.rng, in_type, scale))
    version = {"int8": 2, "int16": 3, "uint8": 1}[in_type]
    b.node("DEQUANTIZE", [x], [b.output(shape, "float32")], version=version)


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
