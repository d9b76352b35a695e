"""AVERAGE_POOL_2D and MAX_POOL_2D in the dsp backend: randomized int8 and int16 cases (filters, strides, SAME/VALID,
channel counts around the 4-channel steps, batches, fused activations, global pools) against TFLite Micro, on
the host build and on the Cortex-M4 and Cortex-M7 in QEMU; every case asserts that the node went to the dsp
backend. Float32 pools and average windows over 256 taps fall back to the reference kernels."""

import pytest

from cases.dsp_pooling import pool_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model

BACKENDS = ["dsp", "reference"]
OPS = ["AVERAGE_POOL_2D", "MAX_POOL_2D"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


def dsp_cases(cases: dict) -> dict:
    return on_backend("dsp", BACKENDS, cases)


@pytest.mark.parametrize("seeds", seed_groups(25), ids=str)
@pytest.mark.parametrize("op", OPS)
def test_random(op, seeds):
    verify_cases(
        dsp_cases({f"seed {seed}": pool_case(op, seed) for seed in seeds}), count=2, seed=seeds[0], backends=BACKENDS
    )


GLOBAL_POOLS = [((1, 25, 5, 64), (25, 5)), ((1, 3, 3, 256), (3, 3)), ((2, 16, 16, 7), (16, 16))]  # (shape, window)


@pytest.mark.parametrize("op", OPS)
def test_int16_random(op):
    cases = {f"seed {seed}": pool_case(op, seed, dtype="int16") for seed in range(20)}
    verify_cases(dsp_cases(cases), count=2, seed=1, backends=BACKENDS)


def test_global():
    cases = {
        f"{op} {shape} window {window}": pool_case(op, 0, shape=shape, window=window)
        for op in OPS
        for shape, window in GLOBAL_POOLS
    }
    verify_cases(dsp_cases(cases), count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = {**{op: pool_case(op, 3) for op in OPS}, **{f"{op} int16": pool_case(op, 4, dtype="int16") for op in OPS}}
    cases = on_backend("dsp", BACKENDS, cases)
    verify_cases(cases, count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


def test_fallbacks():
    big = pool_case("AVERAGE_POOL_2D", 0, shape=(1, 17, 16, 4), window=(17, 16))  # 272 taps
    assert backend_of(big) == "reference"
    verify_model(big, count=1, backends=BACKENDS)
    assert backend_of(pool_case("MAX_POOL_2D", 1, dtype="float32")) == "reference"
