"""REVERSE_V2: 20 random cases per type (contiguous axes, some negative) in one model each, against TFLite Micro
on the host build; every type in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.reverse_v2 import reverse_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16", "int32", "int64", "uint8", "bool"]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=6, max_elements=64) or [4]
        first = int(b.rng.integers(0, len(shape)))
        count = int(b.rng.integers(1, len(shape) - first + 1))
        axes = [a - len(shape) if b.rng.integers(0, 2) else a for a in range(first, first + count)]
        reverse_node(b, dtype, shape, [int(a) for a in b.rng.permutation(axes)])
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(8)
    for dtype in TYPES:
        reverse_node(b, dtype, [2, 3, 4], [1, 2])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_non_contiguous_axes():
    g = GraphBuilder()
    x, y = g.tensor([2, 3, 4], "float32"), g.tensor([2, 3, 4], "float32")
    g.op("REVERSE_V2", [x, g.tensor([2], "int32", data=np.array([0, 2]))], [y])
    with pytest.raises(CheckError, match=r"the axes \[0, 2\] are not contiguous"):
        check(read_model(g.build([x], [y])))
