"""AVERAGE_POOL_2D and MAX_POOL_2D in the dsp backend: randomized int8 cases (filters, strides, SAME/VALID,
channel counts around the 4-channel steps, batches, fused activations, global pools) against TFLite Micro, on
the host build and on the Cortex-M4 and Cortex-M7 in QEMU; every case asserts that the node went to the dsp
backend. Float32 pools and average windows over 256 taps fall back to the reference kernels."""
import numpy as np
import pytest

from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]
SAME, VALID = 0, 1
OPS = ["AVERAGE_POOL_2D", "MAX_POOL_2D"]


def out_size(padding, size, filt, stride):
    return (size + stride - 1) // stride if padding == SAME else (size + stride - filt) // stride


def pool_case(op: str, seed: int, dtype: str = "int8", shape=None, window=None) -> bytes:
    rng = np.random.default_rng(seed)
    batches, h, w = int(rng.integers(1, 3)), int(rng.integers(1, 14)), int(rng.integers(1, 14))
    depth = int(rng.choice([1, 3, 4, 5, 8, 12, 16, 19]))
    fh, fw = int(rng.integers(1, min(h, 5) + 1)), int(rng.integers(1, min(w, 5) + 1))
    sh, sw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    padding = int(rng.integers(0, 2))
    if shape is not None:  # a global pool
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
    g.op(op, [x], [y], version=2 if dtype == "int8" else 1, padding=padding, strideH=sh, strideW=sw,
         filterHeight=fh, filterWidth=fw, fusedActivationFunction=int(rng.choice([0, 1, 2, 3])))
    return g.build([x], [y])


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("op", OPS)
def test_random(op, seed):
    model = pool_case(op, seed)
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, seed=seed, backends=BACKENDS)


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("shape,window", [((1, 25, 5, 64), (25, 5)), ((1, 3, 3, 256), (3, 3)),
                                          ((2, 16, 16, 7), (16, 16))])
def test_global(op, shape, window):
    model = pool_case(op, 0, shape=shape, window=window)
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
@pytest.mark.parametrize("op", OPS)
def test_in_qemu(op, board):
    model = pool_case(op, 3)
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


def test_fallbacks():
    big = pool_case("AVERAGE_POOL_2D", 0, shape=(1, 17, 16, 4), window=(17, 16))  # 272 taps
    assert backend_of(big) == "reference"
    verify_model(big, count=1, backends=BACKENDS)
    assert backend_of(pool_case("MAX_POOL_2D", 1, dtype="float32")) == "reference"
