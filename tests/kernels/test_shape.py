"""SHAPE: randomized inputs of several ranks and types against TFLite Micro; int64 output rejected (TFLite
Micro's SHAPE writes int32 only)."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder

DTYPES = ["int8", "float32", "int32", "int16", "bool", "int64", "uint8"]  # any input type: only its dims are read


def shape_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(d) for d in rng.integers(1, 6, size=int(rng.integers(1, 6)))]
    dtype = DTYPES[seed % len(DTYPES)]
    g = GraphBuilder()
    x = g.tensor(shape, dtype, 0.05, 1) if dtype == "int8" else g.tensor(shape, dtype)
    y = g.tensor([len(shape)], "int32")
    if rng.integers(0, 2):
        g.op("SHAPE", [x], [y], outType=2)
    else:
        g.op("SHAPE", [x], [y])  # no options: out_type defaults to int32
    return g.build([x], [y])


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
