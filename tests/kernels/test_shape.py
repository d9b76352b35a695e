"""SHAPE: randomized inputs of several ranks and types against TFLite Micro; int64 output rejected (TFLite
Micro's SHAPE writes int32 only)."""

import pytest

from cases.shape import shape_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_shape_random():
    verify_cases({f"seed {seed}": shape_case(seed) for seed in range(14)}, count=2, seed=1)


def test_rejects_int64_output():
    g = GraphBuilder()
    x, y = g.tensor([2, 3], "float32"), g.tensor([2], "int64")
    g.op("SHAPE", [x], [y], outType=4)
    with pytest.raises(CheckError, match="INT64 output is not supported"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(shape_case(3), count=2, seed=3, qemu=True)
