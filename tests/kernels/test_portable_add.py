"""ADD in the portable backend (Cortex-M0/M0+ and M3): randomized int8 same-shape cases (scales, zero points, fused
activations, a constant operand now and then, the residual-block shape) against TFLite Micro, on the host build and
in QEMU on the Cortex-M3 and the Cortex-M0+ code; every case asserts that the node went to the portable backend.
Broadcasting nodes fall back to the reference kernel."""

import pytest

from cases.dsp_add import add_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model

BACKENDS = ["portable", "reference"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random(seeds):
    cases = on_backend("portable", BACKENDS, {f"seed {seed}": add_case(seed) for seed in seeds})
    verify_cases(cases, count=3, seed=seeds[0], backends=BACKENDS)


def test_residual_block_shape():
    model = add_case(100, shapes=([1, 32, 32, 16], [1, 32, 32, 16]))
    assert backend_of(model) == "portable"
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    cases = on_backend("portable", BACKENDS, {f"seed {seed}": add_case(seed) for seed in range(8)})
    cases["residual"] = add_case(100, shapes=([1, 8, 8, 16], [1, 8, 8, 16]))
    verify_cases(cases, count=3, seed=1, backends=BACKENDS, qemu=True, board=board)


def test_broadcast_stays_with_the_reference():
    assert backend_of(add_case(2, shapes=([2, 3, 4], [1, 4]))) == "reference"
