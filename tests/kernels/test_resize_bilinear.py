"""RESIZE_BILINEAR: 20 random up- and down-scalings per type (align_corners, half_pixel_centers or neither) in one
model each, against TFLite Micro on the host build; both types and every mode in QEMU on an ARMv8-M board."""

import pytest
from op_cases import Batch

from cases.resize_bilinear import resize_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8"]
MODES = [(False, False), (True, False), (False, True)]  # (align_corners, half_pixel_centers)


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(10 + TYPES.index(dtype))
    for k in range(21):
        shape = [
            int(b.rng.integers(1, 3)),
            int(b.rng.integers(1, 7)),
            int(b.rng.integers(1, 7)),
            int(b.rng.integers(1, 4)),
        ]
        size = [int(b.rng.integers(1, 13)), int(b.rng.integers(1, 13))]
        resize_node(b, dtype, shape, size, MODES[k % 3])
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(12)
    for dtype in TYPES:
        for mode in MODES:
            resize_node(b, dtype, [1, 3, 5, 2], [7, 4], mode)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps3-an547")


def test_rejects_align_corners_with_half_pixel_centers():
    g = GraphBuilder()
    x, s, y = g.tensor([1, 2, 2, 1], "float32"), g.tensor([2], "int32", data=[4, 4]), g.tensor([1, 4, 4, 1], "float32")
    g.op("RESIZE_BILINEAR", [x, s], [y], alignCorners=True, halfPixelCenters=True)
    with pytest.raises(CheckError, match=r"RESIZE_BILINEAR.*align_corners and half_pixel_centers are both set"):
        check(read_model(g.build([x], [y])))
