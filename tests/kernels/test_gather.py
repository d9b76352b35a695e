"""GATHER: 20 random cases per type (random axis and batch_dims, negative ones too, positions as a graph input or a
constant) in one model each, against TFLite Micro on the host build; both types in QEMU on an ARMv8-M board."""

import pytest
from op_cases import Batch, random_shape

from cases.gather import gather_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8"]


def random_node(b, dtype, constant):
    shape = random_shape(b.rng, max_rank=4, max_elements=64) or [5]
    axis = int(b.rng.integers(0, len(shape)))
    batch_dims = int(b.rng.integers(0, axis + 1))
    positions_shape = list(shape[:batch_dims]) + random_shape(b.rng, max_rank=2, max_elements=6)
    if b.rng.integers(0, 3) == 0:  # negative axis and batch_dims
        axis -= len(shape)
        batch_dims -= len(positions_shape)
    gather_node(b, dtype, shape, positions_shape, axis, batch_dims, constant)


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for k in range(20):
        random_node(b, dtype, constant=k % 4 == 0)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(7)
    for dtype in TYPES:
        gather_node(b, dtype, [2, 3, 4], [2, 3], 1, 1)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps2-an505")


def test_rejects_int64_positions():
    g = GraphBuilder()
    x, p, y = g.tensor([4, 2], "float32"), g.tensor([3], "int64", data=[0, 1, 3]), g.tensor([3, 2], "float32")
    g.op("GATHER", [x, p], [y], axis=0)
    with pytest.raises(CheckError, match=r"GATHER.*positions of type INT64 are not supported"):
        check(read_model(g.build([x], [y])))
