"""DEPTHWISE_CONV_2D in the portable backend (Cortex-M0/M0+ and M3: no DSP) against TFLite Micro: randomized int8
cases (3x3 and other filters, depth multipliers, dilations, strides, SAME/VALID padding, batches, per-tensor and
per-channel filters, fused activations, channels pruned to zero) on the host build and in QEMU on the Cortex-M3 and
the Cortex-M0+ code; every case asserts that its node went to the portable kernel."""

import pytest

from cases.dsp_depthwise_conv_2d import case
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


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    verify_cases(cases(range(12)), count=2, seed=2, backends=BACKENDS, qemu=True, board=board)
