"""BROADCAST_ARGS: 20 random shape pairs per type in one model each, against TFLite Micro on the host build; both
types in QEMU."""

import numpy as np
import pytest

from cases.broadcast_args import args_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


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
