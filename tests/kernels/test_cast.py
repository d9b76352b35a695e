"""CAST and ZEROS_LIKE: 20 random cases per type (pair) in one model each, against TFLite Micro on the host
build; one model of every type pair in QEMU."""

import pytest
from op_cases import Batch, random_shape

from cases.cast import cast_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

INPUTS = ["int8", "int16", "int32", "uint32", "float32", "bool"]
OUTPUTS = ["int8", "int16", "int32", "uint32", "float32"]


@pytest.mark.parametrize("src", INPUTS)
@pytest.mark.parametrize("dst", OUTPUTS)
def test_cast_random(src, dst):
    b = Batch(INPUTS.index(src) * 10 + OUTPUTS.index(dst))
    for _ in range(20):
        cast_node(b, src, dst, random_shape(b.rng))
    verify_model(b.build(), sets=b.sets())


@pytest.mark.parametrize("dtype", ["float32", "int8", "int32", "int64"])
def test_zeros_like_random(dtype):
    b = Batch(5)
    for _ in range(20):
        shape = random_shape(b.rng)
        b.node("ZEROS_LIKE", [b.input(shape, dtype)], [b.output(shape, dtype)])
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(6)
    for src in INPUTS:
        for dst in OUTPUTS:
            cast_node(b, src, dst, [5])
    for dtype in ["float32", "int8", "int32", "int64"]:
        b.node("ZEROS_LIKE", [b.input([3], dtype)], [b.output([3], dtype)])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "op_name, types, reason",
    [
        (
            "CAST",
            ("int64", "int32"),
            r"INT64/INT32 are not supported \(int8 or int16 or int32 or uint32 or float32 or bool to",
        ),
        ("CAST", ("int8", "bool"), "INT8/BOOL are not supported"),
        ("ZEROS_LIKE", ("int16", "int16"), r"INT16/INT16 are not supported \(float32 or int8 or int32 or int64\)"),
    ],
)
def test_rejects_unsupported(op_name, types, reason):
    g = GraphBuilder()
    x, y = g.tensor([4], types[0]), g.tensor([4], types[1])
    g.op(op_name, [x], [y])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build([x], [y])))
