"""SELECT_V2: 20 random three-way broadcast cases per type in one model each, against TFLite Micro on the host
build; one model of every type in QEMU."""

import numpy as np
import pytest
from op_cases import Batch

from cases.select_v2 import select_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16"]


def select_shapes(rng, max_rank=6, max_elements=48):
    """An output shape and condition, x and y shapes that broadcast to exactly it (same shapes in some cases)."""
    while True:
        out = [int(rng.integers(1, 5)) for _ in range(int(rng.integers(0, max_rank + 1)))]
        if np.prod(out, dtype=np.int64) <= max_elements:
            break
    if rng.integers(0, 4) == 0:
        return out, [list(out)] * 3
    rank = len(out)
    shapes = []
    for _ in range(3):
        shape = [d if rng.integers(0, 2) else 1 for d in out]
        shapes.append(shape[int(rng.integers(0, rank + 1)) if rng.integers(0, 2) else 0 :])
    for d in range(rank):  # every output dimension comes from some input
        if out[d] != 1 and all(len(s) < rank - d or s[d - rank] != out[d] for s in shapes):
            k = int(rng.integers(0, 3))
            shapes[k] = [1] * (rank - len(shapes[k])) + shapes[k] if len(shapes[k]) < rank - d else shapes[k]
            shapes[k][d - rank] = out[d]
    if all(len(s) < rank for s in shapes):  # the output rank is the largest input rank
        k = int(rng.integers(0, 3))
        shapes[k] = [1] * (rank - len(shapes[k])) + shapes[k]
    return out, shapes


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for _ in range(20):
        select_node(b, dtype, *select_shapes(b.rng))
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(9)
    for dtype in TYPES:
        select_node(b, dtype, [2, 3, 4], ([3, 1], [2, 1, 4], [4]))
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "types, shapes, reason",
    [
        (("bool", "int32", "int32", "int32"), ([2], [2], [2], [2]), "BOOL/INT32/INT32/INT32 are not supported"),
        (("int8", "int8", "int8", "int8"), ([2], [2], [2], [2]), "INT8/INT8/INT8/INT8 are not supported"),
        (("bool", "float32", "float32", "float32"), ([2], [3], [2], [2]), "cannot be broadcast"),
        (
            ("bool", "float32", "float32", "float32"),
            ([2], [1, 2], [2], [2]),
            r"output shape \[2\] is not the broadcast",
        ),
    ],
)
def test_rejects_unsupported(types, shapes, reason):
    g = GraphBuilder()
    ids = [g.tensor(s, t, 0.1 if t == "int8" else None, 0 if t == "int8" else None) for t, s in zip(types, shapes)]
    g.op("SELECT_V2", ids[:3], [ids[3]])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build(ids[:3], [ids[3]])))
