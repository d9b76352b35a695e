"""DEPTHWISE_CONV_2D in the dsp backend: randomized int8 3x3 cases (depth multiplier 1, strides, SAME/VALID
padding, channel counts around the 16-channel blocks, batches, per-channel and per-tensor filters, optional
bias, fused activations) against TFLite Micro, on the host build and on the Cortex-M4 and Cortex-M7 in QEMU;
every case asserts that the node went to the dsp backend. Cases the backend does not claim fall back to the
reference kernel."""

import pytest

from cases.dsp_depthwise_conv_2d import case
from kernel_harness import on_backend, seed_groups, verify_cases

BACKENDS = ["dsp", "reference"]


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_random_3x3(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_channels():
    verify_cases(dsp_cases(range(3), pruned=2), count=2, seed=1, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed) for seed in (3, 11, 17)})
    verify_cases(cases, count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


# (kernel, multiplier, dilation); depth multipliers of 2 or more: test_dsp_depthwise_conv_2d_multiplier.py
UNCLAIMED = [((5, 5), 1, 1), ((3, 3), 1, 2), ((1, 3), 1, 1)]


def test_unclaimed_cases_fall_back():
    cases = {
        f"kernel {kernel} multiplier {multiplier} dilation {dilation}": case(5, kernel, multiplier, dilation)
        for kernel, multiplier, dilation in UNCLAIMED
    }
    verify_cases(on_backend("reference", BACKENDS, cases), count=1, backends=BACKENDS)
