"""TRANSPOSE: randomized permutations of 1-D to 5-D int8/float32 (and int16) tensors against TFLite Micro."""

import pytest

from cases.transpose import transpose_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_transpose_random():
    cases = {f"seed {seed}": transpose_case(seed, ["int8", "float32"][seed % 2]) for seed in range(24)}
    verify_cases(cases, count=2, seed=1)


def test_transpose_each_rank():
    cases = {}
    for rank in (2, 3, 4, 5):
        cases[f"rank {rank} int8"] = transpose_case(50 + rank, "int8", rank)
        cases[f"rank {rank} float32"] = transpose_case(60 + rank, "float32", rank)
    verify_cases(cases, count=2, seed=2)


def test_transpose_int16():
    verify_model(transpose_case(100, "int16", 4), count=2, seed=100)


def _rejected(model: bytes) -> str:
    with pytest.raises(CheckError) as info:
        check(read_model(model))
    return str(info.value)


def test_rejects_what_tflite_micro_does_not_run():
    g = GraphBuilder()  # int32: not in TFLite Micro's TRANSPOSE
    x, p, y = g.tensor([2, 3], "int32"), g.tensor([2], "int32", data=[1, 0]), g.tensor([3, 2], "int32")
    g.op("TRANSPOSE", [x, p], [y])
    assert "INT32 is not supported" in _rejected(g.build([x], [y]))
    g = GraphBuilder()  # 6-D
    x, y = g.tensor([1, 2, 1, 2, 1, 2], "int8", 0.1, 0), g.tensor([2, 1, 2, 1, 2, 1], "int8", 0.1, 0)
    p = g.tensor([6], "int32", data=[5, 4, 3, 2, 1, 0])
    g.op("TRANSPOSE", [x, p], [y])
    assert "6-D input is not supported" in _rejected(g.build([x], [y]))
    g = GraphBuilder()  # not a permutation
    x, p, y = g.tensor([2, 2], "float32"), g.tensor([2], "int32", data=[0, 0]), g.tensor([2, 2], "float32")
    g.op("TRANSPOSE", [x, p], [y])
    assert "is not a permutation" in _rejected(g.build([x], [y]))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(transpose_case(7, "int8", 4), count=2, seed=7, qemu=True)
