"""The 16x8 DEPTHWISE_CONV_2D backends' paths in QEMU against TFLite Micro. The mve 3x3 path
(depthwise_conv_2d_3x3_s16_mve.c: input rows interleaved by column, one VMLADAV per window): output widths with every
remainder of four, strides 1 and 2 along rows and 1 to 3 along columns, SAME and VALID padding, depths that are not
multiples of eight, depth multipliers, every activation, multipliers above one (the path through a row of sums) and
batches, in one build; and a row wide enough that the interleaved rows' scatter offsets leave 16 bits (the path
without them). The dsp kernel's other filters (depthwise_conv_2d_s16_dsp.c, window_pair and tap_sums): filter widths
from 1 to 20 (one to eleven weight-pair words a row: unrolled up to nine, a loop past that) at strides 1 to 3, with
and without a dilation along rows. The mve kernel's other filters (output_row: one load and VMLA per tap, contiguous or
gathered): filter sizes from 1x1 to 7x7, strides 1 to 3, dilations along rows and columns, and the 3x3 shapes the 3x3
path leaves (a dilation, a stride of 3)."""

import numpy as np
import pytest
from op_cases import Batch

from cases.conv_2d import out_size
from cases.weighted_16x8 import depthwise_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

MVE = ["mve", "reference"]
DSP = ["dsp", "reference"]


def geometry(rng, w=None, sw=None, kh=3, kw=3, dw=1):
    """A geometry (3x3 without dilation unless told), at least one output."""
    while True:
        g = dict(
            batches=int(rng.choice([1, 1, 2])),
            h=int(rng.integers(1, 9)),
            w=w or int(rng.integers(1, 24)),
            kh=kh,
            kw=kw,
            sh=int(rng.integers(1, 4)),
            sw=sw or int(rng.integers(1, 3)),
            dh=1,
            dw=dw,
            padding=int(rng.integers(0, 2)),
        )
        g.update(oh=out_size(g["padding"], g["h"], kh, g["sh"], 1), ow=out_size(g["padding"], g["w"], kw, g["sw"], dw))
        if g["oh"] >= 1 and g["ow"] >= 1:
            return g


def verify_on(b: Batch, backends: list[str], board: str):
    """Every node of the batch's model on backends[0], then bit-exact in QEMU on the board."""
    model = b.build()
    chosen = [k.backend for k in check(read_model(model), backends=backends).kernels]
    assert chosen == [backends[0]] * len(chosen), chosen
    verify_model(model, sets=b.sets(1), qemu=True, board=board, backends=backends)


@pytest.mark.qemu
def test_three_by_three_in_qemu():
    b = Batch(31)
    for i in range(20):
        depth = int(b.rng.choice([1, 3, 8, 13, 24]))
        depthwise_node(b, boost=i % 5 == 4, g=geometry(b.rng), channels=(depth, 2 if i % 7 == 6 else 1))
    for rest in range(4):  # every remainder of four outputs along a row, stride 1
        depthwise_node(b, g=geometry(b.rng, w=12 + rest, sw=1), channels=(9, 1))
    verify_on(b, MVE, "mps3-an547")


def mixed_multipliers_node(b: Batch, stride: int, activation: int):
    """Channels whose multipliers alternate below one (the fused loop's) and above one (a left shift: a row of
    sums), a 3x3 filter, 13 output columns."""
    depth = 6
    w_scale = [1e-3 if c % 2 else 5e-2 for c in range(depth)]
    x = b.input([1, 5, 13 * stride, depth], "int16", (1e-3, 0))
    shape = [1, 3, 3, depth]
    f = b.g.tensor(shape, "int8", w_scale, [0] * depth, data=b.rng.integers(-127, 128, size=shape), axis=3)
    bias = b.constant(
        b.rng.integers(-900, 900, size=depth).astype(np.int64), "int64", ([1e-3 * s for s in w_scale], [0] * depth)
    )
    y = b.output([1, 5, 13, depth], "int16", (4e-5, 0))
    b.node(
        "DEPTHWISE_CONV_2D",
        [x, f, bias],
        [y],
        version=5,
        padding=0,
        strideH=1,
        strideW=stride,
        depthMultiplier=1,
        fusedActivationFunction=activation,
    )


@pytest.mark.qemu
def test_fast_and_left_shift_channels_in_qemu():
    """The fused loop skips the channels a row of sums takes, in every variant (stride 1 and 2, with and without
    ReLU)."""
    b = Batch(35)
    for stride in (1, 2):
        for activation in (0, 1):
            mixed_multipliers_node(b, stride, activation)
    verify_on(b, MVE, "mps3-an547")


@pytest.mark.qemu
def test_rows_past_sixteen_bit_offsets_in_qemu():
    b = Batch(32)
    g = geometry(b.rng, w=3200, sw=2)
    g.update(h=4, sh=1, batches=1, padding=1, oh=2, ow=1599)  # VALID
    depthwise_node(b, g=g, channels=(2, 1))
    verify_on(b, MVE, "mps3-an547")


@pytest.mark.qemu
def test_dsp_filter_widths_in_qemu():
    b = Batch(33)
    for i, kw in enumerate((1, 2, 4, 5, 7, 9, 12, 16, 17, 20)):
        g = geometry(b.rng, w=int(kw + b.rng.integers(0, 12)), sw=1 + i % 3, kh=int(b.rng.integers(1, 6)), kw=kw)
        depthwise_node(b, boost=i == 4, g=g, channels=(int(b.rng.choice([3, 4, 5, 8, 12])), 1 + i % 2))
    g = geometry(b.rng, w=14, sw=1, kh=2, kw=3, dw=2)  # a dilation along rows: tap by tap
    depthwise_node(b, g=g, channels=(3, 1))
    verify_on(b, DSP, "mps2-an386")


@pytest.mark.qemu
def test_mve_other_filters_in_qemu():
    b = Batch(34)
    shapes = [(1, 1, 1, 1), (2, 5, 1, 1), (5, 5, 1, 1), (7, 7, 1, 1), (4, 3, 2, 1), (5, 2, 3, 1), (3, 5, 1, 2)]
    shapes += [(3, 3, 3, 1), (3, 3, 1, 3), (3, 3, 2, 2)]  # kh, kw, stride along rows, dilation along rows
    for i, (kh, kw, sw, dw) in enumerate(shapes):
        g = geometry(b.rng, w=int(kw * dw + b.rng.integers(0, 14)), sw=sw, kh=kh, kw=kw, dw=dw)
        depthwise_node(b, boost=i == 4, g=g, channels=(int(b.rng.integers(1, 10)), 1 + i % 2))
    g = geometry(b.rng, w=12, sw=1)
    g.update(h=8, dh=2, oh=out_size(g["padding"], 8, 3, g["sh"], 2))  # 3x3 with a dilation along columns
    depthwise_node(b, g=g, channels=(4, 1))
    verify_on(b, MVE, "mps3-an547")
