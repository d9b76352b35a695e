"""SPLIT and SPLIT_V: randomized int8/float32 (and int16/int32) splits along every axis against TFLite Micro."""

import pytest

from cases.split import split_case, split_v_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_split_random():
    cases = {f"seed {seed}": split_case(seed, ["int8", "float32"][seed % 2]) for seed in range(14)}
    verify_cases(cases, count=2, seed=1)


def test_split_v_random():
    cases = {f"seed {seed}": split_v_case(seed, ["int8", "float32"][seed % 2]) for seed in range(14)}
    verify_cases(cases, count=2, seed=2)


def test_split_other_types():
    cases = {}
    for seed, dtype in [(100, "int16"), (101, "int32")]:
        cases[f"SPLIT seed {seed} {dtype}"] = split_case(seed, dtype)
        cases[f"SPLIT_V seed {seed} {dtype}"] = split_v_case(seed, dtype)
    verify_cases(cases, count=2, seed=100)


def test_rejects_non_constant_axis_and_bad_pieces():
    g = GraphBuilder()
    a, x = g.tensor([], "int32"), g.tensor([4, 2], "float32")
    ys = [g.tensor([2, 2], "float32") for _ in range(2)]
    g.op("SPLIT", [a, x], ys, numSplits=2)
    with pytest.raises(CheckError, match="axis tensor must be constant"):
        check(read_model(g.build([a, x], ys)))
    g = GraphBuilder()
    x, s, a = g.tensor([5, 2], "float32"), g.tensor([2], "int32", data=[2, 2]), g.tensor([], "int32", data=[0])
    ys = [g.tensor([2, 2], "float32") for _ in range(2)]
    g.op("SPLIT_V", [x, s, a], ys, numSplits=2)
    with pytest.raises(CheckError, match="add up to 4"):
        check(read_model(g.build([x], ys)))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(split_case(3, "int8"), count=2, seed=3, qemu=True)
    verify_model(split_v_case(4, "float32"), count=2, seed=4, qemu=True)
