"""SQUARED_DIFFERENCE: 20 random broadcast cases per type in one model each, against TFLite Micro on the host
build; one model of every type in QEMU."""

import pytest
from op_cases import Batch

from cases.comparisons import model_of
from cases.maximum_minimum import binary_batch
from cases.squared_difference import quantizer, small_int32
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model


@pytest.mark.parametrize("dtype, seed", [("float32", 1), ("int32", 2), ("int8", 3), ("int16", 4)])
def test_random(dtype, seed):
    if dtype in ("int8", "int16"):
        model, sets = binary_batch("SQUARED_DIFFERENCE", dtype, seed, quant=quantizer(dtype), version=2)
    else:
        values = small_int32 if dtype == "int32" else None
        model, sets = binary_batch("SQUARED_DIFFERENCE", dtype, seed, values=values)
    verify_model(model, sets=sets)


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(8)
    for dtype in ("float32", "int32", "int8", "int16"):
        quant = quantizer(dtype)
        quantized = dtype in ("int8", "int16")
        values = small_int32 if dtype == "int32" else None
        x = b.input([3, 1, 4], dtype, quant(b.rng, "input1") if quantized else None, values)
        y = b.input([5, 1], dtype, quant(b.rng, "input2") if quantized else None, values)
        out_q = quant(b.rng, "output") if quantized else None
        b.node("SQUARED_DIFFERENCE", [x, y], [b.output([3, 5, 4], dtype, out_q)])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "types, reason",
    [
        (("int64",) * 3, r"INT64/INT64/INT64 are not supported \(float32 or int32 or int8 or int16\)"),
        (("int8", "int8", "float32"), "INT8/INT8/FLOAT32 are not supported"),
    ],
)
def test_rejects_unsupported(types, reason):
    with pytest.raises(CheckError, match=reason):
        check(read_model(model_of("SQUARED_DIFFERENCE", types)))
