"""The mve 16x8 DEPTHWISE_CONV_2D's 3x3 path (depthwise_conv_2d_3x3_s16_mve.c: input rows interleaved by column,
one VMLADAV per window) in QEMU against TFLite Micro: output widths with every remainder of four, strides 1 and 2
along rows and 1 to 3 along columns, SAME and VALID padding, depths that are not multiples of eight, depth
multipliers, every activation, multipliers above one (the path through a row of sums) and batches, in one build;
and a row wide enough that the interleaved rows' scatter offsets leave 16 bits (the path without them)."""

import pytest
from op_cases import Batch

from cases.conv_2d import out_size
from cases.weighted_16x8 import depthwise_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["mve", "reference"]


def geometry(rng, w=None, sw=None):
    """A 3x3 geometry without dilation, at least one output."""
    while True:
        g = dict(
            batches=int(rng.choice([1, 1, 2])),
            h=int(rng.integers(1, 9)),
            w=w or int(rng.integers(1, 24)),
            kh=3,
            kw=3,
            sh=int(rng.integers(1, 4)),
            sw=sw or int(rng.integers(1, 3)),
            dh=1,
            dw=1,
            padding=int(rng.integers(0, 2)),
        )
        g.update(oh=out_size(g["padding"], g["h"], 3, g["sh"], 1), ow=out_size(g["padding"], g["w"], 3, g["sw"], 1))
        if g["oh"] >= 1 and g["ow"] >= 1:
            return g


def assert_all_mve(model: bytes):
    backends = [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]
    assert backends == ["mve"] * len(backends), backends


@pytest.mark.qemu
def test_three_by_three_in_qemu():
    b = Batch(31)
    for i in range(20):
        depth = int(b.rng.choice([1, 3, 8, 13, 24]))
        depthwise_node(b, boost=i % 5 == 4, g=geometry(b.rng), channels=(depth, 2 if i % 7 == 6 else 1))
    for rest in range(4):  # every remainder of four outputs along a row, stride 1
        depthwise_node(b, g=geometry(b.rng, w=12 + rest, sw=1), channels=(9, 1))
    model = b.build()
    assert_all_mve(model)
    verify_model(model, sets=b.sets(1), qemu=True, board="mps3-an547", backends=BACKENDS)


@pytest.mark.qemu
def test_rows_past_sixteen_bit_offsets_in_qemu():
    b = Batch(32)
    g = geometry(b.rng, w=3200, sw=2)
    g.update(h=4, sh=1, batches=1, padding=1, oh=2, ow=1599)  # VALID
    depthwise_node(b, g=g, channels=(2, 1))
    model = b.build()
    assert_all_mve(model)
    verify_model(model, sets=b.sets(1), qemu=True, board="mps3-an547", backends=BACKENDS)
