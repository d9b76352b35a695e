"""SPLIT and SPLIT_V: randomized int8/float32 (and int16/int32) splits along every axis against TFLite Micro."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder


def _tensors(g, rng, dtype, in_shape, out_shapes):
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        return g.tensor(in_shape, "int8", scale, zp), [g.tensor(s, "int8", scale, zp) for s in out_shapes]
    return g.tensor(in_shape, dtype), [g.tensor(s, dtype) for s in out_shapes]


def _axis(rng, rank):
    axis = int(rng.integers(-rank, rank))
    return axis, axis + rank if axis < 0 else axis


def split_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis, pos = _axis(rng, len(shape))
    num = int(rng.integers(1, 5))
    shape[pos] = num * int(rng.integers(1, 4))
    out_shape = list(shape)
    out_shape[pos] //= num
    g = GraphBuilder()
    a = g.tensor([] if rng.integers(0, 2) else [1], "int32", data=[axis])
    x, ys = _tensors(g, rng, dtype, shape, [out_shape] * num)
    g.op("SPLIT", [a, x], ys, numSplits=num)
    return g.build([x], ys)


def split_v_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis, pos = _axis(rng, len(shape))
    sizes = [int(s) for s in rng.integers(1, 4, size=int(rng.integers(1, 5)))]
    shape[pos] = sum(sizes)
    out_shapes = [shape[:pos] + [s] + shape[pos + 1 :] for s in sizes]
    written = list(sizes)
    if rng.integers(0, 2):  # the converter may leave one size as -1 (inferred)
        written[int(rng.integers(0, len(sizes)))] = -1
    g = GraphBuilder()
    x, ys = _tensors(g, rng, dtype, shape, out_shapes)
    s = g.tensor([len(sizes)], "int32", data=written)
    a = g.tensor([] if rng.integers(0, 2) else [1], "int32", data=[axis])
    g.op("SPLIT_V", [x, s, a], ys, numSplits=len(sizes))
    return g.build([x], ys)


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
