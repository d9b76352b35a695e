"""AVERAGE_POOL_2D and MAX_POOL_2D in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on
mps3-an547: randomized int8 cases (filters, strides, SAME/VALID, batches, channel counts around the 16-lane
vector, fused activations) and the global average pools that end the benchmark models, each node checked to run on
the mve kernel."""
import numpy as np
import pytest

from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder
from test_pooling import out_size

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def pool_case(op: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    batches, h, w = int(rng.integers(1, 3)), int(rng.integers(1, 12)), int(rng.integers(1, 12))
    depth = int(rng.choice([1, 5, 8, 15, 16, 17, 24, 40]))
    fh, fw = int(rng.integers(1, min(h, 5) + 1)), int(rng.integers(1, min(w, 5) + 1))
    sh, sw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    padding = int(rng.integers(0, 2))
    oh, ow = out_size(padding, h, fh, sh), out_size(padding, w, fw, sw)
    g = GraphBuilder()
    scale, zp = rand_scale(rng, 0.005, 0.1), int(rng.integers(-128, 128))
    x = g.tensor([batches, h, w, depth], "int8", scale, zp)
    y = g.tensor([batches, oh, ow, depth], "int8", scale, zp)
    g.op(op, [x], [y], version=2, padding=padding, strideH=sh, strideW=sw, filterHeight=fh, filterWidth=fw,
         fusedActivationFunction=int(rng.choice([0, 1, 2, 3])))
    return g.build([x], [y])


def global_average_case(h: int, w: int, depth: int) -> bytes:
    g = GraphBuilder()
    x = g.tensor([1, h, w, depth], "int8", 0.02, -3)
    y = g.tensor([1, 1, 1, depth], "int8", 0.02, -3)
    g.op("AVERAGE_POOL_2D", [x], [y], version=2, padding=1, strideH=1, strideW=1, filterHeight=h, filterWidth=w)
    return g.build([x], [y])


@pytest.mark.qemu
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("op", ["AVERAGE_POOL_2D", "MAX_POOL_2D"])
def test_int8_random(op, seed):
    model = pool_case(op, seed)
    assert backends_of(model) == ["mve"]
    verify_model(model, count=2, seed=seed, qemu=True, backends=BACKENDS, board=BOARD)


@pytest.mark.qemu
@pytest.mark.parametrize("h,w,depth", [(25, 5, 64), (16, 16, 8), (1, 1, 3)])
def test_global_average(h, w, depth):
    """keyword_spotting's 25x5 window (125 values), the largest window claimed (256), a single value."""
    model = global_average_case(h, w, depth)
    assert backends_of(model) == ["mve"]
    rng = np.random.default_rng(h)
    extremes = [np.full((1, h, w, depth), v, dtype=np.int8) for v in (-128, 127)]
    sets = [[e] for e in extremes] + [[rng.integers(-128, 128, size=(1, h, w, depth)).astype(np.int8)]]
    verify_model(model, sets=sets, qemu=True, backends=BACKENDS, board=BOARD)


def test_big_average_window_stays_with_the_reference():
    assert backends_of(global_average_case(17, 16, 4)) == ["reference"]
