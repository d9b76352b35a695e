"""ADD in the dsp backend: randomized int8 same-shape cases (scales, zero points, fused activations, a constant
operand now and then, the residual-block shapes) against TFLite Micro, on the host build and on the Cortex-M4
and Cortex-M7 in QEMU; every case asserts that the node went to the dsp backend. Broadcasting and float32
nodes fall back to the reference kernel."""

import pytest

from cases.add import binary_model
from cases.dsp_add import add_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model

BACKENDS = ["dsp", "reference"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


@pytest.mark.parametrize("seeds", seed_groups(30), ids=str)
def test_random(seeds):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in seeds})
    verify_cases(cases, count=3, seed=seeds[0], backends=BACKENDS)


def test_residual_block_shape():
    model = add_case(100, shapes=([1, 32, 32, 16], [1, 32, 32, 16]))
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in (1, 4)})
    verify_cases(cases, count=3, seed=1, backends=BACKENDS, qemu=True, board=board)


def test_fallbacks():
    cases = {
        "broadcast": add_case(2, shapes=([2, 3, 4], [1, 4])),
        "int16": binary_model("ADD", types=("int16",) * 3, scales=(0.001, 0.002, 0.004), version=3),
    }
    verify_cases(on_backend("reference", BACKENDS, cases), count=2, backends=BACKENDS)
    assert backend_of(add_case(3, dtype="float32")) == "reference"
