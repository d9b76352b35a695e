"""FULLY_CONNECTED in the dsp backend: randomized int8 cases (per-tensor and per-channel weights, input depths
around the 8-input steps, output counts around the 4-row blocks, batches, optional bias, fused activations)
against TFLite Micro, on the host build and on the Cortex-M4 and Cortex-M7 in QEMU; every case asserts that the
node went to the dsp backend. A node whose multiplier is 0.5 or more falls back to the reference kernel."""

import numpy as np
import pytest

from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, rand_scale, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]


def case(seed: int, multiplier_scale: float = 1.0, pruned: int = 0) -> bytes:
    rng = np.random.default_rng(seed)
    batches = int(rng.choice([1, 1, 2, 3]))
    depth = int(rng.choice([1, 3, 4, 7, 8, 9, 16, 31, 64, 100, 257, 640]))
    units = int(rng.choice([1, 2, 3, 4, 5, 8, 11, 16, 33]))
    per_channel = bool(rng.integers(0, 2))
    out_scale = rand_scale(rng, 0.01, 0.5)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    in_scale = (
        multiplier_scale * out_scale / (max(w_scale) * np.sqrt(depth) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    )
    weights = rng.integers(-127, 128, size=(units, depth))
    spread = int(np.sqrt(depth) * 3000)
    biases = rng.integers(-spread, spread + 1, size=units)
    for c in rng.choice(units, size=min(pruned, units), replace=False):
        weights[c] = 0
        biases[c] = int(rng.choice([-1, 1])) * int(rng.integers((1 << 30) - 200, (1 << 30) + 200))
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int8", w_scale, [0] * len(w_scale), data=weights)
    inputs = [x, w]
    if pruned or rng.integers(0, 4):
        inputs.append(g.tensor([units], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases))
    else:
        inputs.append(-1)
    y = g.tensor([batches, units], "int8", out_scale, int(rng.integers(-128, 128)))
    g.op(
        "FULLY_CONNECTED",
        inputs,
        [y],
        version=4 if inputs[2] != -1 else 6,
        fusedActivationFunction=int(rng.choice([0, 1, 2, 3])),
    )
    return g.build([x], [y])


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_rows():
    verify_cases(dsp_cases(range(3), pruned=2), count=2, seed=1, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed) for seed in (2, 7, 13)})
    verify_cases(cases, count=2, seed=2, backends=BACKENDS, qemu=True, board=board)


def test_large_multiplier_falls_back():
    model = case(4, multiplier_scale=1e4)
    assert backend_of(model) == "reference"
    verify_model(model, count=2, backends=BACKENDS)
