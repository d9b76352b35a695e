"""ARG_MAX: randomized int8 and float32 cases along any (also negative) axis, int32 output, against TFLite
Micro (ties: the first maximum wins)."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder


def arg_max_model(shape, axis, dtype, out_dtype="int32", q=(None, None)) -> bytes:
    rank = len(shape)
    g = GraphBuilder()
    x = g.tensor(shape, dtype, *q)
    a = g.tensor([1], "int32", data=[axis])
    y = g.tensor([d for i, d in enumerate(shape) if i != axis % rank], out_dtype)
    g.op("ARG_MAX", [x, a], [y], version=2 if dtype == "int8" else 1, outputType=2 if out_dtype == "int32" else 4)
    return g.build([x], [y])


def random_case(dtype: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 5))
    shape = [int(v) for v in rng.integers(1, 7, size=rank)]
    axis = int(rng.integers(0, rank))
    axis = axis - rank if rng.integers(0, 2) else axis
    q = (rand_scale(rng), int(rng.integers(-128, 128))) if dtype == "int8" else (None, None)
    return arg_max_model(shape, axis, dtype, q=q)


@pytest.mark.parametrize("seed", range(15))
def test_int8_random(seed):
    verify_model(random_case("int8", seed), count=2, seed=seed)


@pytest.mark.parametrize("seed", range(8))
def test_float_random(seed):
    verify_model(random_case("float32", seed), count=2, seed=seed)


def test_ties_take_the_first():
    """Many equal int8 values along a long axis: the first index of the maximum."""
    model = arg_max_model([3, 200], 1, "int8", q=(0.1, 0))
    rng = np.random.default_rng(0)
    sets = [[rng.integers(120, 128, size=(3, 200), dtype=np.int8)] for _ in range(2)]
    verify_model(model, sets=sets)


def test_classifier_output():
    """The usual tail: ARG_MAX over a [1, classes] score vector."""
    verify_model(arg_max_model([1, 12], -1, "float32"), count=3, seed=4)


def test_rejects_int64_output():
    with pytest.raises(CheckError, match="outputs int32 only"):
        check(read_model(arg_max_model([2, 5], 1, "float32", out_dtype="int64")))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(random_case("int8", 5), count=2, seed=5, qemu=True)
