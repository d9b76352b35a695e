"""FULLY_CONNECTED whose weights are not constant (a graph input, or computed by an earlier node), as TFLite Micro
runs them: the reference int8 (per-tensor and per-channel) and float32 kernels read the weights when the node runs;
the dsp and mve kernels, whose tables hold weight sums computed ahead of time, leave such nodes to the reference."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


def int8_node(b: Batch, computed: bool):
    """One int8 node; its weights a graph input, or (`computed`) a RESHAPE of a flat graph input."""
    batches, depth, units = (int(v) for v in (b.rng.integers(1, 4), b.rng.integers(1, 30), b.rng.integers(1, 12)))
    per_channel = bool(b.rng.integers(0, 2))
    in_scale = rand_scale(b.rng)
    w_scales = [rand_scale(b.rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    w_quant = (w_scales, [0] * len(w_scales))
    x = b.input([batches, depth], "int8", (in_scale, int(b.rng.integers(-128, 128))))
    if computed:
        flat = b.input([units * depth], "int8", w_quant)
        w = b.g.tensor([units, depth], "int8", *w_quant)
        b.node("RESHAPE", [flat, b.constant(np.array([units, depth]), "int32")], [w])
    else:
        w = b.input([units, depth], "int8", w_quant)
    bias = -1
    if b.rng.integers(0, 3):
        bias_scales = [in_scale * s for s in w_scales]
        data = b.rng.integers(-5000, 5000, size=units)
        bias = b.constant(data, "int32", (bias_scales, [0] * len(bias_scales)))
    y = b.output([batches, units], "int8", (rand_scale(b.rng, 0.01, 0.5), int(b.rng.integers(-128, 128))))
    activation = int(b.rng.choice(ACTIVATIONS))
    b.node("FULLY_CONNECTED", [x, w, bias], [y], version=4, fusedActivationFunction=activation)


def float_node(b: Batch, computed: bool):
    """One float32 node; its weights a graph input, or (`computed`) the sum of two graph inputs."""
    batches, depth, units = (int(v) for v in (b.rng.integers(1, 4), b.rng.integers(1, 30), b.rng.integers(1, 12)))
    x = b.input([batches, depth], "float32")
    if computed:
        w = b.g.tensor([units, depth], "float32")
        b.node("ADD", [b.input([units, depth], "float32"), b.input([units, depth], "float32")], [w])
    else:
        w = b.input([units, depth], "float32")
    bias = b.constant(b.rng.normal(size=units), "float32") if b.rng.integers(0, 2) else -1
    y = b.output([batches, units], "float32")
    b.node("FULLY_CONNECTED", [x, w, bias], [y], fusedActivationFunction=int(b.rng.choice(ACTIVATIONS)))


def computed_weights_batch(seed: int, nodes: int) -> Batch:
    b = Batch(seed)
    for k in range(nodes):
        (int8_node if k % 2 == 0 else float_node)(b, computed=k % 4 >= 2)
    return b


def test_random():
    """20 int8 and 20 float32 nodes, half of each with computed weights."""
    b = computed_weights_batch(0, 40)
    verify_model(b.build(), sets=b.sets(2))


@pytest.mark.parametrize("backend", ["dsp", "mve"])
def test_backends_leave_them_to_the_reference(backend):
    b = computed_weights_batch(1, 8)
    checked = check(read_model(b.build()), backends=[backend, "reference"])
    chosen = {spec.backend for spec in checked.kernels if spec.op == "FULLY_CONNECTED"}
    assert chosen == {"reference"}


@pytest.mark.qemu
def test_in_qemu():
    """Two nodes of each type and kind in one firmware on a Cortex-M4."""
    b = computed_weights_batch(2, 8)
    verify_model(b.build(), sets=b.sets(1), qemu=True, board="mps2-an386")
