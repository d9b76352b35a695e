"""AVERAGE_POOL_2D and MAX_POOL_2D: randomized int8 and float32 cases (strides, filters, SAME/VALID,
fused activations) against TFLite Micro."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6
SAME, VALID = 0, 1


def out_size(padding, size, filt, stride):
    return (size + stride - 1) // stride if padding == SAME else (size + stride - filt) // stride


def pool_case(op: str, dtype: str, seed: int, depths=None, max_side: int = 12, shape=None, window=None) -> bytes:
    """One random pooling node (every backend's tests use it): `depths` to draw the channel count from (else 1-5),
    sides below `max_side`; `shape` and `window` give a global VALID pool instead."""
    rng = np.random.default_rng(seed)
    batches, h, w = int(rng.integers(1, 3)), int(rng.integers(1, max_side)), int(rng.integers(1, max_side))
    depth = int(rng.choice(depths)) if depths is not None else int(rng.integers(1, 6))
    fh, fw = int(rng.integers(1, min(h, 5) + 1)), int(rng.integers(1, min(w, 5) + 1))
    sh, sw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    padding = int(rng.integers(0, 2))
    if shape is not None:
        (batches, h, w, depth), (fh, fw), (sh, sw), padding = shape, window, window, VALID
    oh, ow = out_size(padding, h, fh, sh), out_size(padding, w, fw, sw)
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng, 0.005, 0.1), int(rng.integers(-128, 128))
        x = g.tensor([batches, h, w, depth], "int8", scale, zp)
        y = g.tensor([batches, oh, ow, depth], "int8", scale, zp)
    else:
        x = g.tensor([batches, h, w, depth], "float32")
        y = g.tensor([batches, oh, ow, depth], "float32")
    g.op(
        op,
        [x],
        [y],
        version=2 if dtype == "int8" else 1,
        padding=padding,
        strideH=sh,
        strideW=sw,
        filterHeight=fh,
        filterWidth=fw,
        fusedActivationFunction=int(rng.choice(ACTIVATIONS)),
    )
    return g.build([x], [y])


def global_average_case(dtype: str, h: int = 7, w: int = 7, depth: int = 16) -> bytes:
    """A VALID pool over the whole image (MobileNet's tail: 7x7)."""
    return pool_case("AVERAGE_POOL_2D", dtype, 0, shape=(1, h, w, depth), window=(h, w))


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
