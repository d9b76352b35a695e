"""SLICE: 20 random boxes per type (int32 or int64 begin/size, some sizes -1) in one model each, against TFLite
Micro on the host build; every type in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.slice import slice_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16", "int32", "bool"]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for k in range(20):
        shape = random_shape(b.rng, max_rank=5, max_elements=96) or [4]
        begins = [int(b.rng.integers(0, d)) for d in shape]
        sizes = [
            -1 if b.rng.integers(0, 4) == 0 else int(b.rng.integers(1, d - bg + 1)) for d, bg in zip(shape, begins)
        ]
        slice_node(b, dtype, shape, begins, sizes, "int64" if k % 3 == 0 else "int32")
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(5)
    for dtype in TYPES:
        slice_node(b, dtype, [2, 5, 4], [1, 1, 0], [1, 3, -1])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_out_of_range():
    g = GraphBuilder()
    x, y = g.tensor([2, 3], "float32"), g.tensor([2, 3], "float32")
    ids = [x, g.tensor([2], "int32", data=np.array([1, 0])), g.tensor([2], "int32", data=np.array([2, 3]))]
    g.op("SLICE", ids, [y])
    with pytest.raises(CheckError, match="leaves the input shape"):
        check(read_model(g.build([x], [y])))
