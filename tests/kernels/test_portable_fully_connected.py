"""FULLY_CONNECTED in the portable backend (Cortex-M0/M0+ and M3: no DSP) against TFLite Micro: randomized int8 cases
(per-tensor and per-channel weights, depths around the 8-tap steps and beyond one staged chunk, channel counts that
leave partial groups of four, batches, optional bias, fused activations) on the host build (the C loop) and in QEMU
on the Cortex-M3 and the Cortex-M0+ code (the assembly loops); every case asserts its node went to the portable
kernel."""

import numpy as np
import pytest

from cases.dsp_fully_connected import case
from kernel_harness import on_backend, rand_scale, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["portable", "reference"]


def cases(seeds, **options) -> dict:
    return on_backend("portable", BACKENDS, {f"seed {s}": case(s, **options) for s in seeds})


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random(seeds):
    verify_cases(cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_rows_and_large_multipliers():
    """Zero weight rows with biases near 2^30, and multipliers with left shifts."""
    all_cases = cases(range(3), pruned=2) | {
        f"large {k}": v for k, v in cases(range(4, 7), multiplier_scale=1e4).items()
    }
    verify_cases(all_cases, count=2, seed=1, backends=BACKENDS)


def long_row_case(seed: int) -> bytes:
    """Rows of one to three staged chunks (MG_PORTABLE_CHUNK 768 values) and a partial one."""
    rng = np.random.default_rng(seed)
    depth, units, batches = int(rng.choice([769, 1000, 1536, 2000])), int(rng.integers(1, 10)), int(rng.integers(1, 3))
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units)]
    in_scale = 0.2 / (max(w_scale) * np.sqrt(depth) * 40.0)
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int8", w_scale, [0] * units, data=rng.integers(-127, 128, size=(units, depth)))
    bias = g.tensor(
        [units], "int32", [in_scale * s for s in w_scale], [0] * units, data=rng.integers(-9000, 9000, units)
    )
    y = g.tensor([batches, units], "int8", 0.2, int(rng.integers(-128, 128)))
    g.op("FULLY_CONNECTED", [x, w, bias], [y], version=4, fusedActivationFunction=int(rng.choice([0, 1])))
    return g.build([x], [y])


def long_rows(seeds) -> dict:
    return on_backend("portable", BACKENDS, {f"long row {s}": long_row_case(s) for s in seeds})


def test_rows_longer_than_a_chunk():
    verify_cases(long_rows(range(6)), count=2, seed=4, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    verify_cases(
        cases((2, 7, 13, 21, 30)) | long_rows((0, 1)), count=2, seed=2, backends=BACKENDS, qemu=True, board=board
    )


def saturated_case() -> bytes:
    """Rows of 300 taps (more than the 256 whose biased products the ARMv7-M loop's 24-bit lanes hold) of +-127 and
    alternating weights, with scales that keep the outputs inside int8."""
    depth = 300
    rows = np.array(
        [[127] * depth, [-127] * depth, [127, -127] * (depth // 2), [127] * (depth - 1) + [-127], [5] * depth]
    )
    g = GraphBuilder()
    x = g.tensor([1, depth], "int8", 1 / 255, -128)
    w = g.tensor([len(rows), depth], "int8", [1 / 127], [0], data=rows)
    y = g.tensor([1, len(rows)], "int8", 4.0, 0)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=4)
    return g.build([x], [y])


@pytest.mark.qemu
def test_saturated_lanes_in_qemu():
    """Inputs all at 127 and all at -128 against saturated rows: every chunk's lanes at their largest sums."""
    model = on_backend("portable", BACKENDS, {"saturated": saturated_case()})["saturated"]
    sets = [[np.full((1, 300), 127, dtype=np.int8)], [np.full((1, 300), -128, dtype=np.int8)]]
    verify_model(model, sets=sets, backends=BACKENDS, qemu=True, board="mps2-an385")
