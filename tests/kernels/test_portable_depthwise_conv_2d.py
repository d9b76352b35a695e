"""DEPTHWISE_CONV_2D in the portable backend (Cortex-M0/M0+ and M3: no DSP) against TFLite Micro: randomized int8
cases (3x3 and other filters, depth multipliers, dilations, strides, SAME/VALID padding, batches, per-tensor and
per-channel filters, fused activations, channels pruned to zero; the rows kernel's wide rows and the planes kernel's
tall images) on the host build and in QEMU on the Cortex-M3 and the Cortex-M0+ code; every case asserts that its
node went to the portable kernel."""

import numpy as np
import pytest

from cases.dsp_depthwise_conv_2d import case, depthwise_model
from kernel_harness import on_backend, seed_groups, verify_cases

BACKENDS = ["portable", "reference"]
SHAPES = [((3, 3), 1, 1), ((5, 5), 1, 1), ((3, 3), 2, 1), ((3, 3), 1, 2), ((1, 4), 3, 1), ((2, 1), 1, 3)]


def cases(seeds) -> dict:
    """Seed s takes shape s % len(SHAPES): filter, depth multiplier, dilation."""
    return on_backend("portable", BACKENDS, {f"seed {s}": case(s, *SHAPES[s % len(SHAPES)]) for s in seeds})


@pytest.mark.parametrize("seeds", seed_groups(60), ids=str)
def test_random(seeds):
    verify_cases(cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_channels():
    pruned = on_backend("portable", BACKENDS, {f"pruned {s}": case(s, pruned=2) for s in range(4)})
    verify_cases(pruned, count=2, seed=1, backends=BACKENDS)


def rows_case(seed: int) -> bytes:
    """A 3x3 filter with depth multiplier 1 over rows 5 to 40 outputs wide (the rows kernel, rows3x3: strides 1 to 3,
    dilated rows, SAME/VALID padding, batches)."""
    rng = np.random.default_rng(seed)
    strides = (int(rng.choice([1, 2, 3])), int(rng.choice([1, 1, 2, 3])))
    width = int(rng.integers(5, 41)) * strides[1]
    shape = [int(rng.choice([1, 1, 2])), int(rng.integers(5, 12)), width, int(rng.choice([1, 4, 8, 13, 16]))]
    dilations = (int(rng.choice([1, 1, 2])), 1)
    return depthwise_model(rng, shape, (3, 3), strides, dilations, int(rng.integers(0, 2)), 1, int(seed % 3 == 0))


def rows_cases(seeds) -> dict:
    return on_backend("portable", BACKENDS, {f"rows {s}": rows_case(s) for s in seeds})


@pytest.mark.parametrize("seeds", seed_groups(24), ids=str)
def test_rows(seeds):
    verify_cases(rows_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def planes_case(seed: int) -> bytes:
    """A 3x3 filter with depth multiplier 1 over tall, narrow images (the planes kernel on ARMv7-M and the host: bands
    of the wide pitch and of the narrow one, channels four at a time and the depth's last ones, strides 1 and 2,
    SAME/VALID padding, batches); every fourth case with a requantization that has no right shift (the C loop on
    ARMv7-M)."""
    rng = np.random.default_rng(seed)
    strides = (int(rng.choice([1, 2])), int(rng.choice([1, 1, 2])))
    shape = [
        int(rng.choice([1, 1, 2])),
        int(rng.integers(26, 46)),
        int(rng.integers(5, 17)),
        int(rng.choice([3, 4, 8, 13])),
    ]
    gain = 400.0 if seed % 4 == 3 else 1.0
    return depthwise_model(rng, shape, (3, 3), strides, (1, 1), int(rng.integers(0, 2)), 1, 0, gain=gain)


def planes_cases(seeds) -> dict:
    return on_backend("portable", BACKENDS, {f"planes {s}": planes_case(s) for s in seeds})


@pytest.mark.parametrize("seeds", seed_groups(24), ids=str)
def test_planes(seeds):
    verify_cases(planes_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_planes_in_qemu(board):
    verify_cases(planes_cases(range(8)), count=2, seed=4, backends=BACKENDS, qemu=True, board=board)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    verify_cases(cases(range(12)), count=2, seed=2, backends=BACKENDS, qemu=True, board=board)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_rows_in_qemu(board):
    verify_cases(rows_cases(range(8)), count=2, seed=3, backends=BACKENDS, qemu=True, board=board)
