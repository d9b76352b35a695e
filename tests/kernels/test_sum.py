"""SUM (the MEAN family): 20 random cases per type (float32, int8 and int16 requantizing as TFLite Micro's
QuantizedMeanOrSum does; random, negative and repeated axes, keep_dims or not) in one model each, and MEAN's
int16 cases, against TFLite Micro on the host build; every op and type in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.sum import VERSIONS, reduce_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def random_batch(op_name, dtype, seed) -> Batch:
    b = Batch(seed)
    for _ in range(20):
        shape = random_shape(b.rng, max_rank=5, max_elements=96) or [3]
        axes = [int(a) for a in b.rng.integers(-len(shape), len(shape), size=int(b.rng.integers(1, len(shape) + 2)))]
        reduce_node(b, op_name, dtype, shape, axes, bool(b.rng.integers(0, 2)))
    return b


@pytest.mark.parametrize("dtype", ["float32", "int8", "int16"])
def test_sum_random(dtype):
    b = random_batch("SUM", dtype, list(VERSIONS).index(dtype))
    verify_model(b.build(), sets=b.sets())


def test_mean_int16_random():
    b = random_batch("MEAN", "int16", 5)
    verify_model(b.build(), sets=b.sets())


def test_rejects_mixed_types():
    g = GraphBuilder()
    x, y = g.tensor([2, 3], "int8", 0.1, 0), g.tensor([2], "int16", 0.2, 0)
    axis = g.tensor([1], "int32", data=np.array([1]))
    g.op("SUM", [x, axis], [y], keepDims=False)
    with pytest.raises(CheckError, match=r"SUM.*INT8/INT16 are not supported"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(9)
    for dtype in ("float32", "int8", "int16"):
        reduce_node(b, "SUM", dtype, [2, 3, 4], [1, -1], False)
    reduce_node(b, "MEAN", "int16", [2, 3, 4], [0, 2], True)
    verify_model(b.build(), sets=b.sets(1), qemu=True)
