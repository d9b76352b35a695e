"""L2_NORMALIZATION: 20 random cases per type in one model each, against TFLite Micro on the host build; both
types in QEMU."""

import pytest
from op_cases import Batch, random_shape

from cases.l2_normalization import l2_normalization_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(dtype):
    b = Batch(1 if dtype == "int8" else 2)
    for _ in range(20):
        l2_normalization_node(b, dtype, random_shape(b.rng, max_rank=4) or [5])
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(3)
    b.node(
        "L2_NORMALIZATION", [b.input([3, 8], "int8", (0.05, 4))], [b.output([3, 8], "int8", (1 / 128, 0))], version=2
    )
    b.node("L2_NORMALIZATION", [b.input([2, 5], "float32")], [b.output([2, 5], "float32")])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "shape, dtype, reason",
    [
        ([1, 1, 1, 2, 3], "float32", "inputs of 5 dimensions are not supported"),
        ([2, 3], "int16", r"INT16/INT16 are not supported \(int8 or float32\)"),
    ],
)
def test_rejects_unsupported(shape, dtype, reason):
    g = GraphBuilder()
    x, y = g.tensor(shape, dtype), g.tensor(shape, dtype)
    g.op("L2_NORMALIZATION", [x], [y])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build([x], [y])))
