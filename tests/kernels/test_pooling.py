"""AVERAGE_POOL_2D and MAX_POOL_2D: randomized int8 and float32 cases (strides, filters, SAME/VALID,
fused activations) against TFLite Micro."""

import pytest

from cases.pooling import VALID, global_average_case, pool_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("seeds", seed_groups(25), ids=str)
@pytest.mark.parametrize("op", ["AVERAGE_POOL_2D", "MAX_POOL_2D"])
def test_int8_random(op, seeds):
    verify_cases({f"seed {seed}": pool_case(op, "int8", seed) for seed in seeds}, count=2, seed=seeds[0])


@pytest.mark.parametrize("op", ["AVERAGE_POOL_2D", "MAX_POOL_2D"])
def test_float_random(op):
    verify_cases({f"seed {seed}": pool_case(op, "float32", seed) for seed in range(12)}, count=2, seed=1)


def test_global_average():
    verify_cases({dtype: global_average_case(dtype) for dtype in ["int8", "float32"]}, count=3, seed=7)


def test_rejects_rescaling():
    g = GraphBuilder()
    x = g.tensor([1, 4, 4, 2], "int8", 0.02, 0)
    y = g.tensor([1, 2, 2, 2], "int8", 0.05, 0)
    g.op("MAX_POOL_2D", [x], [y], version=2, padding=VALID, strideH=2, strideW=2, filterHeight=2, filterWidth=2)
    with pytest.raises(CheckError, match="share scale and zero point"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
@pytest.mark.parametrize("op", ["AVERAGE_POOL_2D", "MAX_POOL_2D"])
def test_in_qemu(op):
    verify_model(pool_case(op, "int8", 3), count=2, seed=3, qemu=True)
