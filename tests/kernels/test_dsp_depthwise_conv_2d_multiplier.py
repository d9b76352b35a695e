"""DEPTHWISE_CONV_2D int8 with a depth multiplier of 2 or more in the dsp backend
(depthwise_conv_2d_multiplier_s8_dsp.c) and the mve backend (depthwise_conv_2d_multiplier_s8_mve.c, the same walk
with VMLADAVA dot products, in QEMU on the Cortex-M55 only) against TFLite Micro: random multipliers, filter sizes
up to 10x8, input depths (often 1, a small dense convolution), strides, dilations per axis, SAME/VALID padding,
batches, per-channel and per-tensor filters, optional bias, fused activations and pruned channels, on the host
build and on the Cortex-M4, M7, M33 and M55 in QEMU; every case asserts that its node went to the
backend under test. A model of TFLite Micro's micro_speech example's shape (49x40 features, 1 input channel,
multiplier 8, 10x8 filter, stride 2, SAME, RELU, then FULLY_CONNECTED and SOFTMAX; built by
tests/micro_speech_model.py with fixed-seed weights, since the example's own file is not ours to ship) runs
bit-exact in QEMU with either backend."""

import json

import pytest
from micro_speech_model import micro_speech_shaped

from cases.dsp_depthwise_conv_2d_multiplier import case
from generator.catalog.ops.depthwise_conv_2d import dsp_depthwise_conv_2d_multiplier
from generator.check import check
from generator.model import read_model
from generator.plan import planner
from generator.plan.memory import plan
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model

BACKENDS = ["dsp", "reference"]
MVE_BACKENDS = ["mve", "reference"]
SAME, VALID = 0, 1


MICRO_SPEECH = micro_speech_shaped()


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(60), ids=str)
def test_random_multipliers(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


@pytest.mark.parametrize("multiplier", [2, 3, 7, 8, 16])
def test_each_multiplier(multiplier):
    """Even and odd multipliers (an odd one ends on a single filter), beside 3x3 depth-multiplier-1 nodes in the
    same model: the one registration sends each node to its kernel."""
    from cases import dsp_depthwise_conv_2d as three_by_three

    cases = dsp_cases(range(100, 106), multiplier=multiplier)
    cases.update(on_backend("dsp", BACKENDS, {f"3x3 seed {s}": three_by_three.case(s) for s in range(2)}))
    verify_cases(cases, count=2, seed=multiplier, backends=BACKENDS)


def test_pruned_channels():
    verify_cases(dsp_cases(range(200, 204), pruned=3), count=2, seed=1, backends=BACKENDS)


def test_micro_speech_on_dsp():
    """The micro_speech-shaped model's depthwise node (95 % of its MACs) goes to the dsp backend."""
    graph = read_model(MICRO_SPEECH)
    kernels = check(graph, backends=BACKENDS).kernels
    depthwise = [k for k in kernels if k.op == "DEPTHWISE_CONV_2D"]
    assert [k.backend for k in depthwise] == ["dsp"]


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500", "mps2-an505"])  # Cortex-M4, M7, M33
def test_in_qemu(board):
    cases = dsp_cases((3, 11, 17, 29, 41))
    verify_cases(cases, count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


@pytest.mark.qemu
def test_micro_speech_in_qemu():
    verify_model(MICRO_SPEECH, count=3, seed=1, backends=BACKENDS, qemu=True, board="mps2-an386")


@pytest.mark.qemu
def test_mve_in_qemu():
    """Random multipliers and 3x3 depth-multiplier-1 nodes through the mve registration."""
    from cases import dsp_depthwise_conv_2d as three_by_three

    cases = {f"seed {seed}": case(seed) for seed in (3, 11, 17, 29, 41, 53)}
    for multiplier in (3, 4, 6, 7):  # the mve kernel: four filters at a time, then pairs, then one
        cases.update({f"multiplier {multiplier} seed {seed}": case(seed, multiplier=multiplier) for seed in (5, 7)})
    cases.update({f"3x3 seed {seed}": three_by_three.case(seed) for seed in (1, 2)})
    cases = on_backend("mve", MVE_BACKENDS, cases)
    verify_cases(cases, count=2, seed=5, backends=MVE_BACKENDS, qemu=True, board="mps3-an547")


@pytest.mark.qemu
def test_micro_speech_on_mve_in_qemu():
    graph = read_model(MICRO_SPEECH)
    depthwise = [k for k in check(graph, backends=MVE_BACKENDS).kernels if k.op == "DEPTHWISE_CONV_2D"]
    assert [k.backend for k in depthwise] == ["mve"]
    verify_model(MICRO_SPEECH, count=3, seed=1, backends=MVE_BACKENDS, qemu=True, board="mps3-an547")


def blocks_of(share: int):
    """block_pixels giving every multiplier node rows of `share` blocks (the last one shorter): the lean order's
    walk for every case, whatever the planner would choose."""

    def block_pixels(op, inputs, outputs):
        return -(-outputs[0].shape[2] // share)

    return block_pixels


@pytest.mark.parametrize("share", [2, 3, 100])
def test_rows_in_blocks(share, monkeypatch):
    """The lean order (a row's windows staged a block of pixels at a time, the shared columns widened again, the
    padding zeroed again where a block before had the image), in halves, thirds and blocks of one pixel, on the host
    build: random filters, strides, dilations, padding, batches and depths."""
    monkeypatch.setattr(dsp_depthwise_conv_2d_multiplier, "block_pixels", blocks_of(share))
    verify_cases(dsp_cases(range(300, 330)), count=2, seed=share, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("backend, board", [("dsp", "mps2-an386"), ("mve", "mps3-an547")])
def test_rows_in_blocks_in_qemu(backend, board, monkeypatch):
    monkeypatch.setattr(dsp_depthwise_conv_2d_multiplier, "block_pixels", blocks_of(3))
    backends = [backend, "reference"]
    cases = on_backend(backend, backends, {f"seed {seed}": case(seed) for seed in (3, 11, 17, 29, 41)})
    verify_cases(cases, count=2, seed=7, backends=backends, qemu=True, board=board)


def usual_orders(graph, kernels, sizes, best, layout_of, node_op):
    """lean_orders taking no lean order: the plan without them."""
    return graph, [], best, sizes


def test_lean_order_only_where_it_lowers_the_arena(monkeypatch):
    """The micro_speech-shaped model's depthwise node sets the arena's peak with its scratch: the planner takes
    its lean order (plan lists it), for a smaller arena; on the random cases, every node it takes it for lowers
    the arena, and the others keep the usual order."""
    checked = check(read_model(MICRO_SPEECH), backends=BACKENDS)
    lean = plan(checked)
    assert [(n.op_name, n.scratch_bytes < n.usual_bytes) for n in lean.lean] == [("DEPTHWISE_CONV_2D", True)]
    chosen = [plan(check(read_model(case(seed)), backends=BACKENDS)) for seed in range(40)]
    monkeypatch.setattr(planner, "lean_orders", usual_orders)
    assert plan(checked).arena_size > lean.arena_size
    usual = [plan(check(read_model(case(seed)), backends=BACKENDS)) for seed in range(40)]
    taken = [c.arena_size < u.arena_size for c, u in zip(chosen, usual) if c.lean]
    kept = [c.arena_size == u.arena_size for c, u in zip(chosen, usual) if not c.lean]
    assert all(taken) and all(kept) and len(taken) >= 10 and len(kept) >= 2


def test_plan_names_the_lean_order(cli, tmp_path):
    """`mcugen plan` says which node runs its lean order and its scratch in either order, in text and JSON."""
    model = tmp_path / "micro_speech_shaped.tflite"
    model.write_bytes(MICRO_SPEECH)
    text = cli("plan", model, "--board", "mps2-an386")
    assert text.returncode == 0, text.stderr
    lean = json.loads(cli("plan", model, "--board", "mps2-an386", "--json").stdout)["techniques"][0]
    assert lean["technique"] == "lean_order" and lean["scratch_bytes"] < lean["usual_scratch_bytes"]
    line = (
        f"lean order: node {lean['node']} DEPTHWISE_CONV_2D stages less at once, scratch "
        f"{lean['scratch_bytes']:,} B instead of {lean['usual_scratch_bytes']:,} B"
    )
    assert line in text.stdout
