"""The portable backend's convolutions (pixel order, or rows last first over all batches when the output starts
above the input) declare overlaps in both directions: the distances replay safely in their C loops' order
(tests/overlap_sim.py), the planner's placements replay safely, a chain runs bit-exact with them in place, and the
zoo models' arenas stay within 1 KB of the reference kernels' plans (the staged window is the only scratch)."""

import pytest
from overlap_sim import clobbered

from cases.overlap import dsp_chains, planned_overlap_problems, random_chain, widening_chain
from generator.check import check
from generator.model import read_model
from generator.plan import plan
from kernel_harness import verify_model

BACKENDS = ["portable", "reference"]
WINDOWED = ("CONV_2D", "DEPTHWISE_CONV_2D")


def test_declared_distances_are_safe_in_the_kernel_order():
    checked_any, toothed = {"below": 0, "above": 0}, 0
    for model in [*dsp_chains(), widening_chain(), *(random_chain(s, "int8") for s in range(12))]:
        checked = check(read_model(model), backends=BACKENDS)
        for op, kernel in zip(checked.graph.operators, checked.kernels):
            if kernel.backend != "portable" or op.op_name not in WINDOWED:
                continue
            inputs, outputs = checked.graph.node_io(op)
            for direction, declared in (("below", kernel.overlap), ("above", kernel.overlap_above)):
                distance = declared(op, inputs, outputs)
                in_at, out_at = (distance, 0) if direction == "below" else (0, distance)
                for order in ("portable", "portable-armv6m"):
                    assert clobbered(op, inputs, outputs, in_at, out_at, direction, order) == [], op.op_name
                checked_any[direction] += 1
                if direction == "below" and op.op_name == "CONV_2D":  # the reference's whole-image channel order
                    toothed += bool(clobbered(op, inputs, outputs, in_at, out_at, None))
    assert min(checked_any.values()) > 40 and toothed > 5


def test_planned_overlaps_are_safe_and_run_bit_exact():
    overlaps = 0
    for model in [*dsp_chains(), widening_chain()]:
        p = plan(check(read_model(model), backends=BACKENDS))
        assert planned_overlap_problems(p) == []
        overlaps += sum(p.nodes[o.node].kernel.backend == "portable" for o in p.overlaps)
    assert overlaps > 10
    model = widening_chain()
    p = plan(check(read_model(model), backends=BACKENDS))
    assert {o.op_name for o in p.overlaps if p.nodes[o.node].kernel.backend == "portable"} >= set(WINDOWED)
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.parametrize(
    "name",
    [
        "keyword_spotting",
        "visual_wake_words",
        "image_classification",
        "anomaly_detection",
        "tflite_micro_speech",
        "tflite_micro_magic_wand",
    ],
)
def test_zoo_arenas_stay_within_a_kilobyte_of_the_reference(name):
    from generator import zoo
    from generator.boards import load_board
    from generator.pipeline import Options, checked_graph, load_model

    model, board = load_model(zoo.resolve(name)), load_board("mps2-an385")
    reference = plan(checked_graph(model, Options(board, backend="reference"))).arena_size
    portable = plan(checked_graph(model, Options(board, backend="auto")))
    assert any(n.kernel.backend == "portable" for n in portable.nodes)
    assert portable.arena_size <= reference + 1024
