"""UNPACK: randomized int8/float32 (and int16/int32) splits along every axis against TFLite Micro."""

import numpy as np
import pytest

from kernel_harness import rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder


def unpack_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 5, size=int(rng.integers(1, 5)))]
    axis = int(rng.integers(-len(shape), len(shape)))
    pos = axis + len(shape) if axis < 0 else axis
    num = shape[pos]
    out_shape = shape[:pos] + shape[pos + 1 :]
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        x = g.tensor(shape, "int8", scale, zp)
        ys = [g.tensor(out_shape, "int8", scale, zp) for _ in range(num)]
    else:
        x = g.tensor(shape, dtype)
        ys = [g.tensor(out_shape, dtype) for _ in range(num)]
    g.op("UNPACK", [x], ys, num=num, axis=axis)
    return g.build([x], ys)


def test_unpack_random():
    cases = {f"seed {seed}": unpack_case(seed, ["int8", "float32"][seed % 2]) for seed in range(16)}
    verify_cases(cases, count=2, seed=1)


def test_unpack_other_types():
    cases = {f"seed {seed} {dtype}": unpack_case(seed, dtype) for seed, dtype in [(100, "int16"), (101, "int32")]}
    verify_cases(cases, count=2, seed=100)


@pytest.mark.qemu
def test_in_qemu():
    verify_model(unpack_case(6, "float32"), count=2, seed=6, qemu=True)
