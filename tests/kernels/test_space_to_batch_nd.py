"""SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND: 20 random cases per op and type (3-D and 4-D, random blocks, paddings
and crops) in one model each, against TFLite Micro on the host build; every op and type in QEMU on an ARMv8-M
board."""

import numpy as np
import pytest
from op_cases import Batch

from cases.space_to_batch_nd import node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

OPS = ["SPACE_TO_BATCH_ND", "BATCH_TO_SPACE_ND"]
TYPES = ["float32", "int8"]


def random_node(b, op_name, dtype):
    spatial = int(b.rng.integers(1, 3))
    block = [int(v) for v in b.rng.integers(1, 4, size=spatial)]
    edges, sizes = [], []
    for k in block:
        total = k * int(b.rng.integers(1, 4))  # the padded size, a multiple of the block
        pad = int(b.rng.integers(0, min(k, total - 1) + 1))  # keeps at least one real row
        top = int(b.rng.integers(0, pad + 1))
        edges.append([top, pad - top])
        sizes.append(total - pad)
    node(b, op_name, dtype, [int(b.rng.integers(1, 3)), *sizes, int(b.rng.integers(1, 4))], block, edges)


@pytest.mark.parametrize("op_name", OPS)
@pytest.mark.parametrize("dtype", TYPES)
def test_random(op_name, dtype):
    b = Batch(40 + 2 * OPS.index(op_name) + TYPES.index(dtype))
    for _ in range(20):
        random_node(b, op_name, dtype)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(44)
    for op_name in OPS:
        for dtype in TYPES:
            node(b, op_name, dtype, [1, 3, 4, 2], [2, 2], [[1, 0], [1, 1]])
            node(b, op_name, dtype, [2, 5, 3], [3], [[1, 0]])
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps2-an505")


def test_rejects_non_dividing_block():
    g = GraphBuilder()
    x, y = g.tensor([1, 3, 4, 1], "float32"), g.tensor([4, 1, 2, 1], "float32")
    ids = [x, g.tensor([2], "int32", data=[2, 2]), g.tensor([2, 2], "int32", data=np.zeros((2, 2)))]
    g.op("SPACE_TO_BATCH_ND", ids, [y])
    with pytest.raises(CheckError, match=r"SPACE_TO_BATCH_ND.*output shape \[4, 1, 2, 1\] does not follow"):
        check(read_model(g.build([x], [y])))
