"""PACK: randomized int8/float32 (and int16/int32/int64) stacks along every axis against TFLite Micro."""

import pytest

from cases.pack import pack_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_pack_random():
    verify_cases(
        {f"seed {seed}": pack_case(seed, ["int8", "float32"][seed % 2]) for seed in range(16)}, count=2, seed=1
    )


def test_pack_other_types():
    cases = {
        f"seed {seed} {dtype}": pack_case(seed, dtype)
        for seed, dtype in [(100, "int16"), (101, "int32"), (102, "int64")]
    }
    verify_cases(cases, count=2, seed=100)


def test_rejects_mismatched_inputs():
    g = GraphBuilder()
    a, b, y = g.tensor([2, 3], "float32"), g.tensor([3, 2], "float32"), g.tensor([2, 2, 3], "float32")
    g.op("PACK", [a, b], [y], valuesCount=2, axis=0)
    with pytest.raises(CheckError, match="shapes differ"):
        check(read_model(g.build([a, b], [y])))
    g = GraphBuilder()
    a, b, y = g.tensor([2], "uint8"), g.tensor([2], "uint8"), g.tensor([2, 2], "uint8")
    g.op("PACK", [a, b], [y], valuesCount=2, axis=0)
    with pytest.raises(CheckError, match="UINT8 is not supported"):
        check(read_model(g.build([a, b], [y])))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(pack_case(5, "int8"), count=2, seed=5, qemu=True)
