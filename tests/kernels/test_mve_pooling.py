"""AVERAGE_POOL_2D and MAX_POOL_2D in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547:
randomized int8 and int16 cases (filters, strides, SAME/VALID, batches, channel counts around the 16-lane vector,
int16 around the 8-lane one, fused activations) and the global average pools that end the benchmark models, each
node checked to run on the mve kernel."""

import numpy as np
import pytest

from cases import pooling
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, verify_cases, verify_model

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def pool_case(op: str, seed: int) -> bytes:
    # channel counts around the kernels' 16-lane steps
    return pooling.pool_case(op, "int8", seed, depths=[1, 5, 8, 15, 16, 17, 24, 40])


def global_average_case(h: int, w: int, depth: int) -> bytes:
    return pooling.global_average_case("int8", h, w, depth)


def int16_case(op: str, seed: int) -> bytes:
    # channel counts around the int16 kernels' 8-lane steps
    return pooling.pool_case(op, "int16", seed, depths=[1, 3, 4, 7, 8, 9, 16, 21])


@pytest.mark.qemu
def test_random():
    """int8 and int16 nodes in one firmware."""
    ops = ["AVERAGE_POOL_2D", "MAX_POOL_2D"]
    cases = {f"{op} seed {seed}": pool_case(op, seed) for op in ops for seed in range(8)}
    cases.update({f"{op} int16 seed {seed}": int16_case(op, seed) for op in ops for seed in range(6)})
    cases["int16 global 25x5"] = pooling.pool_case("AVERAGE_POOL_2D", "int16", 0, shape=(1, 25, 5, 12), window=(25, 5))
    verify_cases(on_backend("mve", BACKENDS, cases), count=2, seed=1, qemu=True, backends=BACKENDS, board=BOARD)


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
