"""MIRROR_PAD: 20 random paddings per type and mode (int32 or int64 paddings, up to 6-D) in one model each, against
TFLite Micro on the host build; every type and mode in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from cases.mirror_pad import MODES, pad_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype, mode):
    b = Batch(30 + 2 * TYPES.index(dtype) + MODES[mode])
    edge = 1 if mode == "REFLECT" else 0
    for k in range(20):
        shape = random_shape(b.rng, max_rank=6 if k % 5 == 0 else 4, max_elements=48) or [4]
        pads = [[int(b.rng.integers(0, d - edge + 1)) for _ in range(2)] for d in shape]
        if k % 3 == 0:  # unpadded trailing axes
            pads[-1] = [0, 0]
        pad_node(b, dtype, mode, shape, pads, "int64" if k % 4 == 0 else "int32")
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(34)
    for dtype in TYPES:
        for mode in MODES:
            pad_node(b, dtype, mode, [2, 3, 4], [[0, 1], [2, 1], [1, 1]])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_reflect_past_the_edge():
    g = GraphBuilder()
    x, y = g.tensor([3, 2], "float32"), g.tensor([3, 6], "float32")
    p = g.tensor([2, 2], "int32", data=np.array([[0, 0], [2, 2]]))
    g.op("MIRROR_PAD", [x, p], [y], mode=0)
    with pytest.raises(CheckError, match=r"MIRROR_PAD.*REFLECT paddings 2, 2 do not fit a dimension of 2"):
        check(read_model(g.build([x], [y])))
