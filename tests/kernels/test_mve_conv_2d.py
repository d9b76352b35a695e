"""CONV_2D in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547: randomized int8
cases (1x1 and larger filters, strides, dilations, padding, batches, per-tensor and per-channel filters, depths
around the 16-byte vector, fused activations), each node checked to run on the mve kernel."""

import numpy as np
import pytest

from cases.mve_conv_2d import extreme_scales_case, int8_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, verify_cases
from modelkit import GraphBuilder

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


@pytest.mark.qemu
def test_int8_in_qemu():
    """Random cases, pointwise ones, filter rows of whole 16-byte blocks (windows interleaved from the input, at the
    border built first, an odd last pixel alone), and extreme scales (left shifts take the C loop, for im2col rows
    and for input pixels), every node on the mve kernel, in one firmware."""
    cases = {f"seed {seed}": int8_case(seed) for seed in range(12)}
    cases |= {f"depth {d} seed {seed}": int8_case(seed, in_depth=d) for seed in range(203, 209) for d in (16, 32)}
    cases |= {f"pointwise seed {seed}": int8_case(seed, pointwise=True) for seed in range(100, 106)}
    cases |= {f"extreme {k}x{k} depth {d}": extreme_scales_case(k, d) for k, d in [(3, 18), (1, 40)]}
    verify_cases(on_backend("mve", BACKENDS, cases), count=2, seed=3, qemu=True, backends=BACKENDS, board=BOARD)


def test_grouped_falls_back_to_reference():
    b = GraphBuilder()
    x = b.tensor([1, 4, 4, 4], "int8", 0.1, 0)
    f = b.tensor([4, 3, 3, 2], "int8", [0.01], [0], data=np.ones((4, 3, 3, 2)))
    y = b.tensor([1, 4, 4, 4], "int8", 0.2, 0)
    b.op("CONV_2D", [x, f, -1], [y], version=6, padding=0, strideH=1, strideW=1)
    assert backends_of(b.build([x], [y])) == ["reference"]
