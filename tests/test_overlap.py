"""Overlap-aware planning (KernelSpec.overlap, --memory): every distance a reference or dsp kernel declares is
safe for its real order of reads and writes (replayed element by element, overlap_sim.py), every overlap the planner
places is safe at its planned offsets, plans with overlaps never use more arena than the per-layer plan, and
chains of overlapped nodes stay bit-exact on the host build (and in QEMU)."""

import json
from dataclasses import replace
from functools import partial

import numpy as np
import pytest
from op_cases import Batch
from overlap_sim import clobbered

import kernel_harness
from cases.overlap import (
    SAME,
    Chain,
    dsp_chains,
    multiplier_chains,
    overlap_model,
    planned_overlap_problems,
    random_chain,
    widening_chain,
)
from cases.unidirectional_sequence_lstm import lstm_pair
from generator.catalog.spec import LEAN_SCRATCH
from generator.check import check
from generator.model import read_model
from generator.plan import check_placement, plan
from kernel_harness import verify_model


@pytest.mark.parametrize("dtype", ["int8", "float32"])
def test_planned_overlaps_are_safe_and_never_cost_arena(dtype):
    """Random chains of convolutions, depthwise convolutions and pools: each overlap the planner places is safe
    when the kernel's loops are replayed at the planned offsets, and no plan is above the per-layer one."""
    overlaps = 0
    for seed in range(25):
        checked = check(read_model(random_chain(seed, dtype)))
        p, layer = plan(checked, memory="min"), plan(checked, memory="layer")
        assert plan(checked).arena_size <= layer.arena_size
        assert check_placement(p.buffers, p.arena_size) == []
        assert planned_overlap_problems(p) == [], f"seed {seed}"
        assert p.arena_size <= layer.arena_size and layer.overlaps == []
        overlaps += len(p.overlaps)
    assert overlaps >= 25  # the cases do exercise overlaps


def test_declared_distances_are_safe_in_every_kernel_order():
    """For single nodes of every kind, the declared distance itself (output that far below the input) replays
    safely, and the simulator is not toothless: the int8 convolution's whole-image channel order (the one it
    keeps when not overlapped) would clobber its input at that distance, and so would the wrong row order."""
    checked_any = toothed = 0
    models = [random_chain(1000 + seed, ["int8", "float32"][seed % 2]) for seed in range(40)]
    for seed, model in enumerate([*models, *multiplier_chains()]):
        checked = check(read_model(model))
        graph = checked.graph
        for op, kernel in zip(graph.operators, checked.kernels):
            inputs, outputs = graph.node_io(op)
            where = f"seed {seed} node {op.index} {op.op_name}"
            distance, above = kernel.overlap(op, inputs, outputs), kernel.overlap_above(op, inputs, outputs)
            if distance is not None:
                checked_any += 1
                assert clobbered(op, inputs, outputs, distance, 0) == [], where
            if above is not None:
                checked_any += 1
                assert clobbered(op, inputs, outputs, 0, above, "above") == [], where + " above"
                # rows first to last at the same distance above would not be safe in general
                toothed += bool(clobbered(op, inputs, outputs, 0, above, "below"))
            if distance is not None and op.op_name == "CONV_2D" and inputs[0].dtype.name == "INT8":
                toothed += bool(clobbered(op, inputs, outputs, distance, 0, None))
    assert checked_any > 60 and toothed > 3


DSP = ["dsp", "reference"]
QEMU = pytest.mark.qemu


def test_backend_declared_distances_are_safe_in_their_kernel_order():
    """The dsp kernels' declared distances (conv: groups of pixels staged into columns; depthwise: a ring of 3
    rows per block of channels; fully connected: each batch expanded first; pools: a word of channels at a
    time) and the mve ones' (conv: groups of im2col rows; depthwise: 3 rows copied per output row, or pixel
    order; pools: 16 channels at a time) replay safely in their order, and the reference kernels' orders (the
    int8 convolution's whole-image channel order, the depthwise window read at each write, the fully connected
    input read for each output) would clobber there."""
    checked_any, toothed, ops = 0, 0, set()
    for backend in ("dsp", "mve"):
        for model in dsp_chains():
            checked = check(read_model(model), backends=[backend, "reference"])
            graph = checked.graph
            for op, kernel in zip(graph.operators, checked.kernels):
                inputs, outputs = graph.node_io(op)
                distance = kernel.overlap(op, inputs, outputs)
                if kernel.backend != backend or distance is None:
                    continue
                checked_any += 1
                ops.add((backend, op.op_name))
                where = f"{backend} node {op.index} {op.op_name}"
                assert clobbered(op, inputs, outputs, distance, 0, "below", backend) == [], where
                if op.op_name in ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"):
                    reference_order = None if op.op_name == "CONV_2D" else "below"
                    toothed += bool(clobbered(op, inputs, outputs, distance, 0, reference_order))
    pools = {"AVERAGE_POOL_2D", "MAX_POOL_2D"}
    dsp = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", *pools}
    assert ops == {("dsp", o) for o in dsp} | {("mve", o) for o in {"CONV_2D", "DEPTHWISE_CONV_2D", *pools}}
    assert checked_any > 150 and toothed > 30


def test_lean_order_distances_are_safe():
    """A depth-multiplier node's lean order (rows in blocks of pixels) declares its own distance, which replays
    safely in the blocks' order; the whole rows' distance would not be safe for it on every node."""
    checked_any = toothed = 0
    for model in multiplier_chains():
        checked = check(read_model(model), backends=["dsp", "reference"])
        graph = checked.graph
        for op, kernel in zip(graph.operators, checked.kernels):
            inputs, outputs = graph.node_io(op)
            if not kernel.lean_scratch(op, inputs, outputs) or kernel.overlap(op, inputs, outputs) is None:
                continue
            lean = replace(op, options={**op.options, LEAN_SCRATCH: True})
            distance = kernel.overlap(lean, inputs, outputs)
            assert clobbered(lean, inputs, outputs, distance, 0, "below", "dsp") == [], f"node {op.index}"
            checked_any += 1
            rows = kernel.overlap(op, inputs, outputs)
            toothed += bool(clobbered(lean, inputs, outputs, rows, 0, "below", "dsp"))
    assert checked_any >= 2 and toothed >= 1


def test_backend_planned_overlaps_are_safe():
    """The overlaps the planner places with the dsp and mve kernels replay safely at their planned offsets (their
    overlaps cost nothing, so --memory auto takes them as min would)."""
    overlaps = {"dsp": 0, "mve": 0}
    for backend in overlaps:
        for model in [*dsp_chains(), widening_chain()]:
            p = plan(check(read_model(model), backends=[backend, "reference"]))
            assert planned_overlap_problems(p) == []
            overlaps[backend] += sum(p.nodes[o.node].kernel.backend == backend for o in p.overlaps)
    assert overlaps["dsp"] > 40 and overlaps["mve"] > 10


CHAIN_RUNS = [
    ("dsp", "mps2-an386", False, {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"}),
    pytest.param("dsp", "mps2-an386", True, {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"}, marks=QEMU),
    pytest.param("mve", "mps3-an547", True, {"CONV_2D", "DEPTHWISE_CONV_2D"}, marks=QEMU, id="mve-qemu"),
]


@pytest.mark.parametrize("backend, board, qemu, overlapped", CHAIN_RUNS, ids=["dsp-host", "dsp-qemu", "mve-qemu"])
def test_backend_overlapped_chain_runs_bit_exact(backend, board, qemu, overlapped):
    """Two batches, two depthwise blocks, convolutions and a fully connected layer that widen, overlapped where
    the backend's kernels declare it (the host build runs the dsp kernels' C loops, QEMU the Cortex-M4
    assembly and the Cortex-M55's MVE)."""
    model = list(dsp_chains())[-1] if backend == "dsp" else widening_chain()
    p = plan(check(read_model(model), backends=[backend, "reference"]))
    assert {o.op_name for o in p.overlaps if p.nodes[o.node].kernel.backend == backend} >= overlapped
    verify_model(model, count=2, qemu=qemu, backends=[backend, "reference"], board=board)


MULTIPLIER_RUNS = [
    ("reference", "mps2-an386", False),
    ("dsp", "mps2-an386", False),
    pytest.param("mve", "mps3-an547", True, marks=QEMU),
]


@pytest.mark.parametrize("backend, board, qemu", MULTIPLIER_RUNS, ids=["reference-host", "dsp-host", "mve-qemu"])
def test_depthwise_with_a_multiplier_overlaps_bit_exact(backend, board, qemu, monkeypatch):
    """A depthwise convolution with a depth multiplier overlaps its input (planned without row patches, which
    would take the overlaps' place here): the reference int8 kernel by rows, both directions, the dsp and mve ones
    (mg_dw_multiplier.h) when the input has one channel, and the chains stay bit-exact (micro_speech_quantized's
    layer: its arena 5,960 -> 4,200 B on the reference kernels)."""
    monkeypatch.setattr(kernel_harness, "plan", partial(plan, patches=False))
    backends = [backend, "reference"] if backend != "reference" else ["reference"]
    for model in multiplier_chains():
        p = plan(check(read_model(model), backends=backends), patches=False)
        assert [o for o in p.overlaps if o.op_name == "DEPTHWISE_CONV_2D"], backend
        assert planned_overlap_problems(p) == []
        verify_model(model, count=2, qemu=qemu, backends=backends, board=board)


LSTM_RUNS = [
    ("reference", "mps2-an386", False, ("float32", "int8", "int16")),
    ("dsp", "mps2-an386", False, ("int8", "int16")),
    pytest.param("mve", "mps3-an547", True, ("int8",), marks=QEMU),
]


@pytest.mark.parametrize("backend, board, qemu, dtypes", LSTM_RUNS, ids=["reference-host", "dsp-host", "mve-qemu"])
def test_lstm_output_overlaps_its_input_bit_exact(backend, board, qemu, dtypes, monkeypatch):
    """An LSTM's output starts on the input it replaces (0 B below, or lower when it is wider: the steps' order),
    batch- and time-major: the declared distance replays safely in the steps' order, the planner places it, and stacked
    LSTMs stay bit-exact over a stream of invokes (micro_speech_lstm: arena 17,396 -> 13,476 B)."""
    monkeypatch.setattr(kernel_harness, "plan", partial(plan, memory="min"))
    backends = [backend, "reference"] if backend != "reference" else ["reference"]
    b = Batch(61)
    for dtype in dtypes:
        lstm_pair(b, 2, 3, 6, 4, dtype=dtype)
        lstm_pair(b, 2, 3, 5, 7, time_major=True, dtype=dtype)  # wider: the output starts below the input
    model = b.build()
    checked = check(read_model(model), backends=backends)
    for op, kernel in zip(checked.graph.operators, checked.kernels):
        inputs, outputs = checked.graph.node_io(op)
        assert kernel.backend == backend or backend == "mve" and inputs[0].dtype.name != "INT8"
        assert clobbered(op, inputs, outputs, kernel.overlap(op, inputs, outputs), 0, "below", backend) == []
    p = plan(checked, memory="min")
    assert len(p.overlaps) >= 3 * len(dtypes) and planned_overlap_problems(p) == []  # where they lower the peak
    assert {o.distance > 0 for o in p.overlaps} == {False, True}
    verify_model(model, sets=b.sets(3), qemu=qemu, backends=backends, board=board)


def test_overlap_model_plans_overlaps_everywhere():
    checked = check(read_model(overlap_model()))
    p = plan(checked, memory="min")
    assert {o.op_name for o in p.overlaps} >= {"CONV_2D", "DEPTHWISE_CONV_2D", "MAX_POOL_2D", "DEQUANTIZE"}
    assert {o.direction for o in p.overlaps} == {"below", "above"}
    assert p.arena_size < plan(checked, memory="layer").arena_size
    assert planned_overlap_problems(p) == []


@pytest.fixture
def every_overlap(monkeypatch):
    """verify_model plans with --memory min: every overlap, whatever its kernel order costs."""
    monkeypatch.setattr(kernel_harness, "plan", partial(plan, memory="min"))


@pytest.mark.parametrize("qemu", [False, pytest.param(True, marks=pytest.mark.qemu)], ids=["host", "qemu"])
def test_overlapped_chain_runs_bit_exact(qemu, every_overlap):
    verify_model(overlap_model(), count=3, qemu=qemu)


def test_random_overlapped_chains_run_bit_exact_on_the_host(every_overlap):
    for seed, dtype in ((3, "int8"), (4, "int8"), (5, "float32")):
        verify_model(random_chain(seed, dtype), count=2)


def test_auto_leaves_costly_overlaps_to_min():
    """A 1x1 int8 convolution over many rows of few channels: row by row, its multipliers cost more than a
    tenth of the model's work, so --memory auto keeps the whole-image order; min overlaps it."""
    chain = Chain(np.random.default_rng(1), [1, 40, 2, 4], "int8")
    chain.window("CONV_2D", 1, 1, SAME, 4)
    chain.window("CONV_2D", 1, 1, SAME, 4)
    checked = check(read_model(chain.build()))
    assert plan(checked).overlaps == [] and plan(checked, memory="min").overlaps != []


# Issue 17's arena goals (mps2-an386, reference kernels), reached by overlaps and, for magic_wand (its first
# CONV_2D's output alone is 3,072 B) and image_classification, row patches of the first stage.
GOALS = {
    "keyword_spotting": 9_000,
    "image_classification": 34_000,
    "visual_wake_words": 116_000,
    "tflite_micro_speech": 4_500,
    "tflite_micro_magic_wand": 2_600,
    "anomaly_detection": 3_200,
}


# The goals the optimized backend (dsp on mps2-an386) reaches too: all of them since keyword_spotting's depthwise
# took 8-channel blocks with weight-only rotation tables (10,624 B before; tables built into flash met it too, but
# cost visual_wake_words 31 KB of flash, over TFLite Micro + CMSIS-NN's code) and tflite_micro_speech's first
# CONV_2D the direct form, without columns (5,172 B before).
DSP_GOALS = sorted(GOALS)

# The goals the mve backend (mps3-an547) reaches too (issue 31).
MVE_GOALS = [
    "anomaly_detection",
    "image_classification",
    "keyword_spotting",
    "tflite_micro_magic_wand",
    "tflite_micro_speech",
    "visual_wake_words",
]


def test_auto_caps_the_model_not_each_overlap():
    """keyword_spotting with the reference kernels: each int8 CONV_2D overlapped row by row costs more than
    OVERLAP_COST_SHARE of its own estimate, but all of them together stay within the model's cap over --memory
    layer, so auto takes them (and the arena goal with them)."""
    from generator import zoo
    from generator.boards import load_board
    from generator.catalog.spec import OVERLAP_COST_SHARE
    from generator.pipeline import Options, checked_graph, load_model
    from generator.plan.cost import TOTAL_OVERHEAD_CAP, node_instructions, overhead, plan_instructions

    checked = checked_graph(
        load_model(zoo.resolve("keyword_spotting")), Options(load_board("mps2-an386"), backend="reference")
    )
    auto, layer = plan(checked), plan(checked, memory="layer")
    graph, costly = auto.graph, []
    for o in auto.overlaps:
        op, kernel = graph.operators[o.node], auto.nodes[o.node].kernel
        if kernel.overlap_cost(op, *graph.node_io(op)) > OVERLAP_COST_SHARE * node_instructions(
            kernel, op, *graph.node_io(op)
        ):
            costly.append(o)
    assert costly and auto.arena_size <= GOALS["keyword_spotting"] < layer.arena_size
    assert overhead(plan_instructions(auto), plan_instructions(layer)) <= TOTAL_OVERHEAD_CAP


@pytest.mark.parametrize(
    "backend, board, name",
    [("reference", "mps2-an386", n) for n in sorted(GOALS)]
    + [("auto", "mps2-an386", n) for n in DSP_GOALS]
    + [("auto", "mps3-an547", n) for n in MVE_GOALS],
)
def test_zoo_arenas_meet_the_goals(backend, board, name):
    from generator import zoo
    from generator.boards import load_board
    from generator.pipeline import Options, checked_graph, load_model

    checked = checked_graph(load_model(zoo.resolve(name)), Options(load_board(board), backend=backend))
    p, layer = plan(checked), plan(checked, memory="layer")
    assert p.arena_size <= GOALS[name] and p.arena_size < layer.arena_size
    assert check_placement(p.buffers, p.arena_size) == []


def test_a_float_input_stays_out_of_the_chain_it_feeds():
    """keyword_spotting's float input (2,000 B) QUANTIZEs in place into the int8 input of an overlapped 8,000 B
    chain; joined to it, its dead tail lay past the chain's end (9,256 B). The plan without that join places it
    beside the chain: 8,928 B with no row patches."""
    from generator import zoo
    from generator.boards import load_board
    from generator.pipeline import Options, checked_graph, load_model
    from generator.plan.planner import plan_with

    checked = checked_graph(load_model(zoo.resolve("keyword_spotting")), Options(load_board("mps2-an386")))
    p = plan_with(checked, True, "auto")
    quantize = next(op for op in p.graph.operators if op.display_name == "QUANTIZE")
    assert p.arena_size == 8_928 and quantize.outputs[0] not in p.shared
    assert check_placement(p.buffers, p.arena_size) == []


# Issue 31's rule: an optimized backend's default plan never takes more than this above the reference plan's.
OPTIMIZED_ABOVE_REFERENCE = 1_024


@pytest.mark.parametrize(
    "name,board",
    [(name, board) for name in sorted(GOALS) for board in ("mps2-an386", "mps3-an547")],
)
def test_optimized_arena_stays_near_the_reference_plan(name, board):
    from generator import zoo
    from generator.boards import load_board
    from generator.pipeline import Options, checked_graph, load_model

    model = load_model(zoo.resolve(name))
    arena = {
        backend: plan(checked_graph(model, Options(load_board(board), backend=backend))).arena_size
        for backend in ("reference", "auto")
    }
    assert arena["auto"] <= arena["reference"] + OPTIMIZED_ABOVE_REFERENCE, arena


@pytest.mark.qemu
@pytest.mark.slow
def test_zoo_goals_hold_bit_exact_on_the_dsp_backend(cli, tmp_path):
    """The zoo models whose goal the dsp backend meets, run with their default plans (overlaps, and row patches
    for image_classification and magic_wand) in QEMU on the Cortex-M4; magic_wand with the reference kernels
    too (its patches differ)."""
    for backend, name in [("auto", n) for n in DSP_GOALS] + [("reference", "tflite_micro_magic_wand")]:
        args = ["verify", name, "--board", "mps2-an386", "--backend", backend, "--memory", "auto", "--json"]
        result = cli(*args, "-o", tmp_path / f"{name}-{backend}")
        assert result.returncode == 0, result.stderr[-2000:]
        report = json.loads(result.stdout)
        assert report["match"] is True and report["mismatched_elements"] == 0
        assert report["arena_bytes"] <= GOALS[name], name


def test_plan_names_each_overlap(cli):
    result = cli("plan", "keyword_spotting", "--backend", "reference")
    assert result.returncode == 0, result.stderr
    assert "overlap: node 2 DEPTHWISE_CONV_2D output 640 B below its input, saves 7,360 B" in result.stdout
    assert "--memory auto: arena 8,960 B, per-layer plan 16,000 B (saves 7,040 B)" in result.stdout
