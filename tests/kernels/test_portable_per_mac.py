"""Instructions per MAC of the portable backend's kernels on shapes the bundled models have, measured in QEMU
(-icount: exact) on the Cortex-M3 and on the Cortex-M0+ code, bit-exact against TFLite Micro in the same run. Each
bound is the measured value with a little room: it holds the gains against regressions (the figures before each
change are in its commit message)."""

import numpy as np
import pytest
from op_cases import Batch

from cases.per_mac import per_mac
from generator.boards import load_board
from kernel_harness import rand_scale

SAME = 0


def depth_one_conv_node(b: Batch):
    """tflite_micro_speech's first layer: a 49x40 one-channel input, a 10x8 filter, stride 2, 8 channels (each
    window row is one run of 8 input bytes)."""
    channels, taps = 8, 10 * 8
    w_scale = [rand_scale(b.rng, 1e-3, 2e-2) for _ in range(channels)]
    out_scale = 0.05
    in_scale = out_scale / (max(w_scale) * np.sqrt(taps) * 40.0)
    x = b.input([1, 49, 40, 1], "int8", (in_scale, -2))
    f = b.constant(
        b.rng.integers(-127, 128, size=(channels, 10, 8, 1)).astype(np.int8), "int8", (w_scale, [0] * channels)
    )
    bias = b.constant(
        b.rng.integers(-9000, 9000, size=channels).astype(np.int32),
        "int32",
        ([in_scale * s for s in w_scale], [0] * channels),
    )
    y = b.output([1, 25, 20, channels], "int8", (out_scale, -5))
    b.node("CONV_2D", [x, f, bias], [y], version=3, padding=SAME, strideH=2, strideW=2, fusedActivationFunction=1)


def pointwise_conv_node(b: Batch):
    """keyword_spotting's pointwise layers: 25x5x64 -> 64 channels, 1x1."""
    channels = depth = 64
    w_scale = [rand_scale(b.rng, 1e-3, 2e-2) for _ in range(channels)]
    out_scale = 0.05
    in_scale = out_scale / (max(w_scale) * np.sqrt(depth) * 40.0)
    x = b.input([1, 25, 5, depth], "int8", (in_scale, 3))
    f = b.constant(
        b.rng.integers(-127, 128, size=(channels, 1, 1, depth)).astype(np.int8), "int8", (w_scale, [0] * channels)
    )
    bias = b.constant(
        b.rng.integers(-9000, 9000, size=channels).astype(np.int32),
        "int32",
        ([in_scale * s for s in w_scale], [0] * channels),
    )
    y = b.output([1, 25, 5, channels], "int8", (out_scale, -5))
    b.node("CONV_2D", [x, f, bias], [y], version=3, padding=SAME, strideH=1, strideW=1, fusedActivationFunction=1)


CASES = {"depth-1 conv": depth_one_conv_node, "pointwise conv": pointwise_conv_node}
# (board, case) -> most instructions per MAC
BOUNDS = {
    ("mps2-an385", "depth-1 conv"): 4.5,
    ("mps2-an385-m0plus", "depth-1 conv"): 7.5,
    ("mps2-an385", "pointwise conv"): 2.2,
    ("mps2-an385-m0plus", "pointwise conv"): 5.0,
}


@pytest.mark.qemu
@pytest.mark.parametrize("board,case", sorted(BOUNDS))
def test_bounds(board, case):
    b = Batch(7)
    CASES[case](b)
    costs = per_mac(b.build(), ["portable", "reference"], board, b.sets(1), load_board(board).instructions_per_tick)
    (value,) = costs.values()
    print(board, case, round(value, 3))
    assert value <= BOUNDS[board, case], f"{case}: {value:.3f} instructions per MAC (bound {BOUNDS[board, case]})"
