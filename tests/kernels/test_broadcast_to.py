"""BROADCAST_TO: 20 random cases per type in one model each, against TFLite Micro on the host build; every type
in QEMU."""

import numpy as np
import pytest
from op_cases import Batch

from cases.broadcast_to import broadcast_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16", "int32", "int64", "uint8", "uint32", "bool"]


def target_and_input(rng, max_rank=5, max_elements=64):
    """An output shape (rank 1 to 5) and an input shape broadcasting to it (fewer leading dimensions, some 1)."""
    while True:
        out = [int(rng.integers(1, 5)) for _ in range(int(rng.integers(1, max_rank + 1)))]
        if np.prod(out) <= max_elements:
            break
    shape = [d if rng.integers(0, 2) else 1 for d in out]
    return out, shape[int(rng.integers(0, len(out) + 1)) :]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for k in range(20):
        broadcast_node(b, dtype, *target_and_input(b.rng), "int32" if k % 2 else "int64")
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(7)
    for dtype in TYPES:
        x = b.input([3, 1], dtype)
        b.node("BROADCAST_TO", [x, b.constant(np.array([2, 3, 4]), "int32")], [b.output([2, 3, 4], dtype)], version=2)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "in_shape, target, out_shape, reason",
    [
        ([3, 2], [2, 3], [2, 3], r"input shape \[3, 2\] cannot be broadcast to \[2, 3\]"),
        ([3], [2, 3], [3, 2], r"the shape \[2, 3\] differs from the output shape \[3, 2\]"),
        ([1], [1] * 6, [1] * 6, "more than 5 dimensions"),
    ],
)
def test_rejects_unsupported(in_shape, target, out_shape, reason):
    g = GraphBuilder()
    x, s, y = (
        g.tensor(in_shape, "float32"),
        g.tensor([len(target)], "int32", data=np.array(target)),
        g.tensor(out_shape, "float32"),
    )
    g.op("BROADCAST_TO", [x, s], [y], version=2)
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build([x], [y])))
