"""GATHER_ND: 20 random cases per type (index depths 1 to 5, slices or single elements, indices as a graph input
or a constant) in one model each, against TFLite Micro on the host build; both types in QEMU."""

import pytest
from op_cases import Batch, random_shape

from cases.gather_nd import gather_nd_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8"]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(50 + TYPES.index(dtype))
    for k in range(20):
        shape = random_shape(b.rng, max_rank=5, max_elements=64) or [4]
        depth = int(b.rng.integers(1, len(shape) + 1))
        rows_shape = random_shape(b.rng, max_rank=2, max_elements=6)
        gather_nd_node(b, dtype, shape, rows_shape, depth, constant=k % 4 == 0)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(52)
    for dtype in TYPES:
        gather_nd_node(b, dtype, [3, 4, 2], [2, 2], 2)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_int64_indices():
    g = GraphBuilder()
    x, i, y = g.tensor([4, 2], "float32"), g.tensor([3, 1], "int64", data=[[0], [1], [3]]), g.tensor([3, 2], "float32")
    g.op("GATHER_ND", [x, i], [y])
    with pytest.raises(CheckError, match=r"GATHER_ND.*indices of type INT64 are not supported"):
        check(read_model(g.build([x], [y])))
