"""FULLY_CONNECTED: randomized int8 (per-tensor and per-channel) and float32 cases against TFLite Micro."""

import numpy as np
import pytest

from cases.fully_connected import float_case, int8_case
from kernel_harness import seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_int8_random(seeds):
    verify_cases({f"seed {seed}": int8_case(seed) for seed in seeds}, count=2, seed=seeds[0])


def test_float_random():
    verify_cases({f"seed {seed}": float_case(seed) for seed in range(15)}, count=2, seed=1)


@pytest.mark.qemu
@pytest.mark.parametrize("seed", [1, 2])
def test_in_qemu(seed):
    verify_model(int8_case(seed), count=2, seed=seed, qemu=True)


@pytest.mark.qemu
def test_channel_scales_across_the_float_range():
    """Per-channel weight scales from subnormal to a left shift: the kernel computes each channel's multiplier
    on the device from the model's scales (mg_requant.h)."""
    from cases.conv_2d import EXTREME_REALS

    rng = np.random.default_rng(19)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    units, depth = len(w_scale), 12
    g = GraphBuilder()
    x = g.tensor([2, depth], "int8", in_scale, -4)
    w = g.tensor([units, depth], "int8", w_scale, [0] * units, data=rng.integers(-3, 4, (units, depth)))
    y = g.tensor([2, units], "int8", out_scale, 5)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=6)
    model = g.build([x], [y])
    verify_model(model, count=3, seed=19)
    verify_model(model, count=1, seed=20, qemu=True)
