"""FULLY_CONNECTED in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547: randomized
int8 cases (per-tensor and per-channel weights, depths around the 16-byte vector, batches, optional bias, fused
activations, channel counts that leave partial groups of four), each node checked to run on the mve kernel."""

import numpy as np
import pytest

from cases.conv_2d import EXTREME_REALS
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def int8_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    batches, depth, units = int(rng.integers(1, 4)), int(rng.integers(1, 80)), int(rng.integers(1, 24))
    per_channel = bool(rng.integers(0, 2))
    in_scale, out_scale = rand_scale(rng), rand_scale(rng, 0.01, 0.5)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int8", w_scale, [0] * len(w_scale), data=rng.integers(-127, 128, size=(units, depth)))
    inputs = [x, w]
    if rng.integers(0, 4):
        inputs.append(
            g.tensor(
                [units],
                "int32",
                [in_scale * s for s in w_scale],
                [0] * len(w_scale),
                data=rng.integers(-5000, 5000, size=units),
            )
        )
    else:
        inputs.append(-1)
    y = g.tensor([batches, units], "int8", out_scale, int(rng.integers(-128, 128)))
    g.op(
        "FULLY_CONNECTED",
        inputs,
        [y],
        version=4 if inputs[2] != -1 else 6,
        fusedActivationFunction=int(rng.choice([0, 1, 2, 3])),
    )
    return g.build([x], [y])


@pytest.mark.qemu
def test_int8_random():
    cases = {f"seed {seed}": int8_case(seed) for seed in range(12)}
    verify_cases(on_backend("mve", BACKENDS, cases), count=2, seed=1, qemu=True, backends=BACKENDS, board=BOARD)


@pytest.mark.qemu
def test_channel_scales_across_the_float_range():
    """Per-channel scales from subnormal to a left shift."""
    rng = np.random.default_rng(19)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    units, depth = len(w_scale), 37
    g = GraphBuilder()
    x = g.tensor([2, depth], "int8", in_scale, -4)
    w = g.tensor([units, depth], "int8", w_scale, [0] * units, data=rng.integers(-3, 4, (units, depth)))
    y = g.tensor([2, units], "int8", out_scale, 5)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=6)
    model = g.build([x], [y])
    assert backends_of(model) == ["mve"]
    verify_model(model, count=3, seed=19, qemu=True, backends=BACKENDS, board=BOARD)


def test_float_stays_with_the_reference():
    g = GraphBuilder()
    x = g.tensor([1, 8], "float32")
    w = g.tensor([4, 8], "float32", data=np.ones((4, 8)))
    y = g.tensor([1, 4], "float32")
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=1)
    assert backends_of(g.build([x], [y])) == ["reference"]


def test_per_tensor_weights_keep_one_multiplier_and_the_biases_in_place():
    """Per-tensor int8 weights: one multiplier and shift for the node, the table only the folded biases (4 bytes an
    output, not 9), over the model's bias buffer when the outputs fill whole groups of four; per-channel ones keep
    the per-output table."""
    from generator.catalog import ModelWords
    from generator.catalog.ops.fully_connected import mve_fully_connected

    for seed in range(40):
        graph = read_model(int8_case(seed))
        op = graph.operators[0]
        inputs = [graph.tensors[t] if t >= 0 else None for t in op.inputs]
        weights, bias = inputs[1], inputs[2]
        fields = mve_fully_connected.params(op, inputs, [graph.tensors[op.outputs[0]]]).fields
        units = weights.shape[0]
        if len(weights.quant.scale) > 1 or fields["left_shift"]:
            assert not fields.get("uniform") and len(fields["table"]) >= 9 * ((units + 3) // 4)
            continue
        assert fields["uniform"] == 1
        table = fields["table"]
        if bias is not None and units % 4 == 0:
            assert isinstance(table, ModelWords) and table.tensor is bias and len(table.words) == units
        else:
            assert not isinstance(table, ModelWords) and len(table) == 4 * ((units + 3) // 4)
