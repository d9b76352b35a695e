"""MAX_POOL_2D in the portable backend (Cortex-M0/M0+ and M3): randomized int8 cases (filters, strides, SAME/VALID,
channel counts, batches, fused activations, global pools) against TFLite Micro, on the host build and in QEMU on the
Cortex-M3 and the Cortex-M0+ code; every case asserts that the node went to the portable backend. Float32 pools and
AVERAGE_POOL_2D stay with the reference kernels."""

import pytest

from cases.dsp_pooling import pool_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases

BACKENDS = ["portable", "reference"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


def portable_cases(cases: dict) -> dict:
    return on_backend("portable", BACKENDS, cases)


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random(seeds):
    cases = portable_cases({f"seed {seed}": pool_case("MAX_POOL_2D", seed) for seed in seeds})
    verify_cases(cases, count=2, seed=seeds[0], backends=BACKENDS)


def test_global():
    shapes = [((1, 25, 5, 64), (25, 5)), ((2, 16, 16, 7), (16, 16)), ((1, 128, 3, 8), (3, 3))]
    cases = {
        f"{shape} window {window}": pool_case("MAX_POOL_2D", 0, shape=shape, window=window) for shape, window in shapes
    }
    verify_cases(portable_cases(cases), count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    cases = portable_cases({f"seed {seed}": pool_case("MAX_POOL_2D", seed) for seed in range(6)})
    verify_cases(cases, count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


def test_others_stay_with_the_reference():
    assert backend_of(pool_case("MAX_POOL_2D", 1, dtype="float32")) == "reference"
    assert backend_of(pool_case("AVERAGE_POOL_2D", 1)) == "reference"
