"""AVERAGE_POOL_2D, MAX_POOL_2D and SOFTMAX with int16 activations: per op 24 random nodes in one model (shapes,
strides, filters, padding, fused activations; softmax shapes, input scales and betas) against TFLite Micro on the
host build; every op in one QEMU build per board; the refused variants."""

import numpy as np
import pytest
from op_cases import Batch
from test_pooling import ACTIVATIONS, out_size

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

NODES = 24


def pool_node(b, op_name):
    batches, h, w, depth = (
        int(v) for v in (b.rng.integers(1, 3), *b.rng.integers(1, 12, size=2), b.rng.integers(1, 6))
    )
    fh, fw = int(b.rng.integers(1, min(h, 5) + 1)), int(b.rng.integers(1, min(w, 5) + 1))
    sh, sw = (int(v) for v in b.rng.integers(1, 4, size=2))
    padding = int(b.rng.integers(0, 2))
    quant = (rand_scale(b.rng, 1e-4, 1e-2), 0)
    x = b.input([batches, h, w, depth], "int16", quant)
    y = b.output([batches, out_size(padding, h, fh, sh), out_size(padding, w, fw, sw), depth], "int16", quant)
    act = int(b.rng.choice(ACTIVATIONS))
    opts = dict(padding=padding, strideH=sh, strideW=sw, filterHeight=fh, filterWidth=fw, fusedActivationFunction=act)
    b.node(op_name, [x], [y], version=3, **opts)


BUILDERS = {
    "AVERAGE_POOL_2D": lambda b: pool_node(b, "AVERAGE_POOL_2D"),
    "MAX_POOL_2D": lambda b: pool_node(b, "MAX_POOL_2D"),
}


@pytest.mark.parametrize("op_name", BUILDERS)
def test_random(op_name):
    b = Batch(list(BUILDERS).index(op_name) + 180)
    for _ in range(NODES):
        BUILDERS[op_name](b)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_in_qemu(board):
    b = Batch(190)
    for build in BUILDERS.values():
        build(b)
        build(b)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def test_refuses_rescaling_int16_pool():
    g = GraphBuilder()
    x, y = g.tensor([1, 4, 4, 2], "int16", 0.001, 0), g.tensor([1, 2, 2, 2], "int16", 0.002, 0)
    g.op("MAX_POOL_2D", [x], [y], version=3, padding=1, strideH=2, strideW=2, filterHeight=2, filterWidth=2)
    with pytest.raises(CheckError, match="share scale and zero point"):
        check(read_model(g.build([x], [y])))


def softmax_node(b):
    shape = [int(v) for v in b.rng.integers(1, 4, size=int(b.rng.integers(0, 3)))] + [int(b.rng.integers(1, 80))]
    in_scale = rand_scale(b.rng, 1e-4, 2e-3)
    beta = float(b.rng.choice([1.0, b.rng.uniform(0.1, 3.0)]))
    spread = int(b.rng.choice([300, 3000, 32767]))  # differences inside the exp table's [-10, 0] or far beyond
    x = b.input(shape, "int16", (in_scale, 0), lambda rng, s: rng.integers(-spread, spread + 1, size=s, dtype=np.int16))
    b.node("SOFTMAX", [x], [b.output(shape, "int16", (1.0 / 32768, 0))], version=3, beta=beta)


BUILDERS["SOFTMAX"] = softmax_node


def test_refuses_softmax_int16_output_scale():
    g = GraphBuilder()
    x, y = g.tensor([2, 5], "int16", 0.001, 0), g.tensor([2, 5], "int16", 1.0 / 65536, 0)
    g.op("SOFTMAX", [x], [y], version=3, beta=1.0)
    with pytest.raises(CheckError, match="scale 1/32768"):
        check(read_model(g.build([x], [y])))
