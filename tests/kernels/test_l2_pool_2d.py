"""L2_POOL_2D (the pooling family, float32 only): 20 random nodes (strides, filters, SAME/VALID, fused
activations) in one model against TFLite Micro on the host build; int8 refused at check time; a few in QEMU on
the Cortex-M55 board."""

import pytest
from op_cases import Batch
from test_pooling import ACTIVATIONS, out_size

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def l2_pool_node(b, max_side=10):
    rng = b.rng
    batches, h, w, depth = int(rng.integers(1, 3)), int(rng.integers(1, max_side)), int(rng.integers(1, max_side)), 3
    fh, fw = int(rng.integers(1, min(h, 4) + 1)), int(rng.integers(1, min(w, 4) + 1))
    sh, sw, padding = int(rng.integers(1, 4)), int(rng.integers(1, 4)), int(rng.integers(0, 2))
    x = b.input([batches, h, w, depth], "float32")
    y = b.output([batches, out_size(padding, h, fh, sh), out_size(padding, w, fw, sw), depth], "float32")
    options = dict(padding=padding, strideH=sh, strideW=sw, filterHeight=fh, filterWidth=fw)
    b.node("L2_POOL_2D", [x], [y], fusedActivationFunction=int(rng.choice(ACTIVATIONS)), **options)


def test_random():
    b = Batch(3)
    for _ in range(20):
        l2_pool_node(b)
    verify_model(b.build(), sets=b.sets())


def test_rejects_int8():
    g = GraphBuilder()
    x, y = g.tensor([1, 4, 4, 2], "int8", 0.1, 0), g.tensor([1, 2, 2, 2], "int8", 0.1, 0)
    g.op("L2_POOL_2D", [x], [y], padding=1, strideH=2, strideW=2, filterHeight=2, filterWidth=2)
    with pytest.raises(CheckError, match="L2_POOL_2D takes float32 only"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(4)
    for _ in range(3):
        l2_pool_node(b, max_side=6)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps3-an547")
