"""CONV_2D in the portable backend (Cortex-M0/M0+ and M3: no DSP) against TFLite Micro: randomized int8 cases (1x1
and larger filters, strides, dilations, padding, batches, per-tensor and per-channel filters, depths around the
8-tap steps, channel counts that leave partial groups of four, fused activations, extreme scales) on the host build
(the C loop), and in QEMU on the Cortex-M3 and the Cortex-M0+ code (the ARMv7-M and ARMv6-M assembly loops); every
case asserts that its node went to the portable kernel."""

import numpy as np
import pytest

from cases.mve_conv_2d import extreme_scales_case, int8_case
from generator.catalog.backends import choose_backends
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases
from modelkit import GraphBuilder

BACKENDS = ["portable", "reference"]


def ties_case() -> bytes:
    """Power-of-two scales (multipliers 2^30, right shifts 1 to 5): many accumulators on a rounding tie, of both
    signs (no activation), where TFLite's two roundings differ from one; 72 channels, more than one table of the
    ARMv7-M requantization's channel table, and channels it leaves to the per-pixel loop (right shift 1)."""
    rng = np.random.default_rng(23)
    channels = 72
    b = GraphBuilder()
    x = b.tensor([1, 4, 8, 2], "int8", 0.25, 0)
    w_scale = [2.0 ** -(c % 5) for c in range(channels)]
    f = b.tensor([channels, 1, 1, 2], "int8", w_scale, [0] * channels, data=rng.integers(-2, 3, (channels, 1, 1, 2)))
    y = b.tensor([1, 4, 8, channels], "int8", 1.0, 3)
    b.op("CONV_2D", [x, f, -1], [y], version=3, padding=0, strideH=1, strideW=1)
    return b.build([x], [y])


def cases(seeds, pointwise=False) -> dict:
    name = "pointwise seed" if pointwise else "seed"
    return on_backend("portable", BACKENDS, {f"{name} {s}": int8_case(s, pointwise) for s in seeds})


@pytest.mark.parametrize("seeds", seed_groups(60), ids=str)
def test_random(seeds):
    verify_cases(cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


def test_pointwise_and_extreme_scales():
    all_cases = cases(range(100, 120), pointwise=True)
    all_cases |= on_backend(
        "portable", BACKENDS, {f"extreme {k}x{k} depth {d}": extreme_scales_case(k, d) for k, d in [(3, 18), (1, 40)]}
    )
    verify_cases(all_cases, count=3, seed=5, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    all_cases = cases(range(8)) | cases(range(100, 104), pointwise=True)
    all_cases["extreme"] = extreme_scales_case(3, 18)
    all_cases["ties"] = ties_case()
    verify_cases(all_cases, count=2, seed=3, qemu=True, backends=BACKENDS, board=board)


def test_auto_picks_it_only_without_dsp():
    assert choose_backends("auto", "cortex-m0plus") == ["portable", "reference"]
    assert choose_backends("auto", "cortex-m3") == ["portable", "reference"]
    assert choose_backends("auto", "cortex-m4") == ["dsp", "reference"]


def test_windows_longer_than_a_chunk_stay_with_the_reference():
    b = GraphBuilder()
    x = b.tensor([1, 4, 4, 96], "int8", 0.1, 0)
    f = b.tensor([4, 3, 3, 96], "int8", [0.01], [0], data=np.ones((4, 3, 3, 96)))
    y = b.tensor([1, 4, 4, 4], "int8", 0.2, 0)
    b.op("CONV_2D", [x, f, -1], [y], version=3, padding=0, strideH=1, strideW=1)
    assert [k.backend for k in check(read_model(b.build([x], [y])), backends=BACKENDS).kernels] == ["reference"]
