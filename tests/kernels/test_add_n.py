"""ADD_N: 20 random cases per type (2 to 6 inputs, some constant) in one model each, against TFLite Micro on the
host build; both types in QEMU."""

import pytest

from cases.add_n import add_n_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(dtype):
    b = add_n_batch(dtype, seed=1 if dtype == "int8" else 2)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = add_n_batch("int8", seed=3, cases=2, shape=[3, 4])
    for _ in range(2):
        ids = [b.input([5], "float32") for _ in range(3)]
        b.node("ADD_N", ids, [b.output([5], "float32")])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "scales, zero_points, reason",
    [
        ((0.1, 0.2, 0.1), (0, 0, 0), "one scale and zero point for all inputs"),
        ((0.1, 0.1, 0.1), (0, 1, 0), "one scale and zero point for all inputs"),
        ((0.5, 0.5, 1e-7), (0, 0, 0), "the output scale is too small"),
    ],
)
def test_rejects_unsupported(scales, zero_points, reason):
    g = GraphBuilder()
    ids = [g.tensor([2, 3], "int8", s, z) for s, z in zip(scales, zero_points)]
    g.op("ADD_N", ids[:2], [ids[2]])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build(ids[:2], [ids[2]])))
