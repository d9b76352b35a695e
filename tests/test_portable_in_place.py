"""The weights_in_place transform (generator/plan/in_place.py): the portable backend's rearranged weights replace
the model's own buffer in the firmware's model when they take its bytes and nothing else reads it, and stay a
second copy otherwise; the firmware stays bit-exact with TFLite Micro on the model as given."""

import numpy as np

from generator.boards import load_board
from generator.catalog import CExpr
from generator.check import check
from generator.emit.render import render_all
from generator.model import read_model
from generator.plan import plan
from generator.plan.in_place import firmware_model_bytes
from kernel_harness import verify_model
from modelkit import GraphBuilder

BACKENDS = ["portable", "reference"]


def fc_model(units: int, depth: int, shared: bool = False, seed: int = 0) -> bytes:
    """One FULLY_CONNECTED (two reading the same weights tensor with `shared`)."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([1, depth], "int8", 0.05, 3)
    w = g.tensor([units, depth], "int8", 0.01, 0, data=rng.integers(-127, 128, size=(units, depth)))
    bias = g.tensor([units], "int32", 0.0005, 0, data=rng.integers(-900, 900, units))
    y = g.tensor([1, units], "int8", 0.2, -5)
    g.op("FULLY_CONNECTED", [x, w, bias], [y], version=4)
    outputs = [y]
    if shared:
        z = g.tensor([1, units], "int8", 0.3, 7)
        g.op("FULLY_CONNECTED", [x, w, bias], [z], version=4)
        outputs.append(z)
    return g.build([x], outputs)


def depthwise_model(channels: int, seed: int = 0) -> bytes:
    """One 3x3 DEPTHWISE_CONV_2D with per-channel scales."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([1, 6, 5, channels], "int8", 0.05, -2)
    scales = [float(rng.uniform(0.005, 0.02)) for _ in range(channels)]
    w = g.tensor(
        [1, 3, 3, channels], "int8", scales, [0] * channels, data=rng.integers(-127, 128, (1, 3, 3, channels)), axis=3
    )
    bias = g.tensor(
        [channels], "int32", [0.05 * s for s in scales], [0] * channels, data=rng.integers(-900, 900, channels)
    )
    y = g.tensor([1, 6, 5, channels], "int8", 0.1, 4)
    g.op(
        "DEPTHWISE_CONV_2D",
        [x, w, bias],
        [y],
        version=3,
        padding=0,
        strideH=1,
        strideW=1,
        dilationHFactor=1,
        dilationWFactor=1,
        depthMultiplier=1,
    )
    return g.build([x], [y])


def planned(model: bytes):
    graph = read_model(model)
    checked = check(graph, backends=BACKENDS)
    assert {k.backend for k in checked.kernels} == {"portable"}
    return graph, plan(checked)


def test_weights_and_folded_bias_take_the_model_buffers():
    graph, the_plan = planned(fc_model(units=8, depth=24))
    fields = the_plan.nodes[0].params.fields
    stored = firmware_model_bytes(graph.model_bytes, the_plan.in_place)
    changed = {i for i, (a, b) in enumerate(zip(stored, graph.model_bytes)) if a != b}
    assert {p.field for p in the_plan.in_place} == {"weights", "folded"}
    for placed, tensor in zip(the_plan.in_place, (graph.tensors[i] for i in graph.operators[0].inputs[1:])):
        assert placed.offset == tensor.data_offset and len(placed.data) == tensor.nbytes
        assert fields[placed.field] == CExpr(f"(const int32_t *)(mg_model_data + {placed.offset})")
        changed -= set(range(placed.offset, placed.offset + tensor.nbytes))
    assert changed == set() and stored != graph.model_bytes
    assert fields["requant_step"] == 0 and len(fields["requant"]) == 2  # per-tensor: one entry
    texts = render_all(the_plan, load_board("mps2-an385"), "fc", the_plan.kernels)
    assert "_weights[" not in texts["src/node_params.c"] and "_folded[" not in texts["src/node_params.c"]


def test_shared_or_padded_weights_keep_a_copy():
    _, shared = planned(fc_model(units=8, depth=24, shared=True))
    assert shared.in_place == []
    assert all(isinstance(n.params.fields[f], list) for n in shared.nodes for f in ("weights", "folded"))
    for model in (fc_model(units=6, depth=24), fc_model(8, 20)):  # padded channels or taps; the bias still fits
        _, the_plan = planned(model)
        assert [p.field for p in the_plan.in_place] == ["folded"]
        assert isinstance(the_plan.nodes[0].params.fields["weights"], list)


def test_in_place_and_copies_match_tflite_micro():
    for i, model in enumerate((fc_model(8, 24, seed=1), fc_model(8, 24, shared=True, seed=2), fc_model(6, 20))):
        verify_model(model, count=2, seed=i, backends=BACKENDS)


def test_depthwise_weights_grouped_in_place():
    """Channels in groups of four take the filter's bytes (in place, per-channel requantization: two words each);
    a partial group pads them (a copy); both bit-exact."""
    graph, the_plan = planned(depthwise_model(8))
    assert {p.field for p in the_plan.in_place} == {"weights", "folded"}
    assert the_plan.nodes[0].params.fields["requant_step"] == 2
    _, padded = planned(depthwise_model(6))
    assert [p.field for p in padded.in_place] == ["folded"]
    for i, channels in enumerate((8, 6, 13)):
        verify_model(depthwise_model(channels, seed=i), count=2, seed=i, backends=BACKENDS)
