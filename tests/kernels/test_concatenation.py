"""CONCATENATION: randomized 1-D to 6-D cases along any (also negative) axis, 1 to 10 inputs, int8, float32,
int16, int32 and int64, against TFLite Micro."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder


def concat_case(dtype: str, seed: int, constant_input: bool = False) -> bytes:
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 7))
    base = [int(v) for v in rng.integers(1, 4, size=rank)]
    axis = int(rng.integers(0, rank))
    n = int(rng.integers(1, 11))
    q = (rand_scale(rng), int(rng.integers(-128, 128))) if dtype == "int8" else (None, None)
    g = GraphBuilder()
    inputs, shapes = [], []
    for _ in range(n):
        shape = list(base)
        shape[axis] = int(rng.integers(1, 4))
        shapes.append(shape)
        inputs.append(g.tensor(shape, dtype, *q))
    graph_inputs = list(inputs)
    if constant_input:  # a constant block in the middle: its data lives in the model
        shape = list(base)
        info = np.iinfo(dtype) if dtype != "float32" else None
        data = rng.normal(size=shape) if info is None else rng.integers(info.min, info.max, size=shape)
        inputs.insert(len(inputs) // 2, g.tensor(shape, dtype, *q, data=data))
        shapes.append(shape)
    out_shape = list(base)
    out_shape[axis] = sum(s[axis] for s in shapes)
    y = g.tensor(out_shape, dtype, *q)
    g.op(
        "CONCATENATION",
        inputs,
        [y],
        version={"int8": 2, "int16": 3}.get(dtype, 1),
        axis=axis - rank if rng.integers(0, 2) else axis,
    )
    return g.build(graph_inputs, [y])


def test_int8_random():
    verify_cases({f"seed {seed}": concat_case("int8", seed) for seed in range(15)}, count=2, seed=1)


def test_float_random():
    verify_cases({f"seed {seed}": concat_case("float32", seed) for seed in range(8)}, count=2, seed=2)


def test_other_types():
    verify_cases({dtype: concat_case(dtype, 21) for dtype in ("int16", "int32", "int64", "bool")}, count=2, seed=21)


def test_constant_input():
    verify_cases({dtype: concat_case(dtype, 9, constant_input=True) for dtype in ("int8", "float32")}, count=2, seed=9)


def two_input_model(scales, activation=0) -> bytes:
    g = GraphBuilder()
    a = g.tensor([1, 2], "int8", scales[0], 0)
    b = g.tensor([1, 3], "int8", scales[1], 0)
    y = g.tensor([1, 5], "int8", scales[2], 0)
    g.op("CONCATENATION", [a, b], [y], version=2, axis=1, fusedActivationFunction=activation)
    return g.build([a, b], [y])


def test_rejects_rescaling():
    with pytest.raises(CheckError, match="share the output's scale"):
        check(read_model(two_input_model([0.1, 0.2, 0.1])))


def test_rejects_activation():
    with pytest.raises(CheckError, match="fused activation RELU"):
        check(read_model(two_input_model([0.1, 0.1, 0.1], activation=1)))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(concat_case("int8", 3), count=2, seed=3, qemu=True)
