"""BROADCAST_ARGS: 20 random shape pairs per type in one model each, against TFLite Micro on the host build; both
types in QEMU."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def compatible_pair(rng):
    """Two shape vectors that broadcast together (each dimension equal or 1; one of them may be empty) and the
    length of their broadcast."""
    out = [int(rng.integers(1, 9)) for _ in range(int(rng.integers(1, 6)))]
    shapes = []
    for _ in range(2):
        s = [d if rng.integers(0, 2) else 1 for d in out]
        shapes.append(s[int(rng.integers(0, len(out) + 1)) :])
    k = int(rng.integers(0, 2))
    shapes[k] = [1] * (len(out) - len(shapes[k])) + shapes[k]  # one has the full length
    return shapes, len(out)


def args_batch(dtype, seed, cases=20):
    b = Batch(seed)
    for _ in range(cases):
        (s1, s2), n = compatible_pair(b.rng)
        ids = [b.input([len(s)], dtype, values=lambda rng, shape, v=s: np.array(v, dtype=dtype)) for s in (s1, s2)]
        b.node("BROADCAST_ARGS", ids, [b.output([n], dtype)])
    return b


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_random(dtype):
    b = args_batch(dtype, seed=1 if dtype == "int32" else 2)
    verify_model(b.build(), sets=b.sets(1))


@pytest.mark.qemu
def test_in_qemu():
    b = args_batch("int32", seed=3, cases=2)
    b.node(
        "BROADCAST_ARGS",
        [
            b.input([3], "int64", values=lambda rng, s: np.array([2, 1, 4])),
            b.input([2], "int64", values=lambda rng, s: np.array([3, 4])),
        ],
        [b.output([3], "int64")],
    )
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_unsupported():
    g = GraphBuilder()
    ids = [g.tensor([2], t) for t in ("int32", "int64", "int32")]
    g.op("BROADCAST_ARGS", ids[:2], [ids[2]])
    with pytest.raises(CheckError, match=r"INT32/INT64/INT32 are not supported \(all int32 or all int64\)"):
        check(read_model(g.build(ids[:2], [ids[2]])))
