"""int4 weights (TensorType INT4, packed two to a byte) of FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D with int8
activations, against TFLite Micro, which widens them to int8 before its int8 kernels."""

import int4_models
import numpy as np
import pytest

from cases import conv_2d as conv_2d_cases
from cases import depthwise_conv_2d as depthwise_conv_2d_cases
from cases import dsp_conv_2d as dsp_conv_2d_cases
from cases import dsp_depthwise_conv_2d as dsp_depthwise_conv_2d_cases
from cases import fully_connected as fc_cases
from generator.boards import load_board
from generator.check import CheckError, check
from generator.model import read_model
from generator.pipeline import Options, generate
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder, merge


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_fully_connected_random(seeds):
    verify_cases({f"seed {s}": fc_cases.int8_case(s, "int4") for s in seeds}, count=2, seed=seeds[0])


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_conv_2d_random(seeds):
    verify_cases({f"seed {s}": conv_2d_cases.int8_case(s, weights="int4") for s in seeds}, count=2, seed=seeds[0])


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_depthwise_conv_2d_random(seeds):
    cases = {f"seed {s}": depthwise_conv_2d_cases.int8_case(s, weights="int4") for s in seeds}
    verify_cases(cases, count=2, seed=seeds[0])


INT4_KERNELS = {f"src/kernels/{op}_s4.c" for op in ("fully_connected", "conv_2d", "depthwise_conv_2d")}
INT8_KERNELS = {f"src/kernels/{op}_s8.c" for op in ("fully_connected", "conv_2d", "depthwise_conv_2d")}


def one_of_each(weights: str) -> bytes:
    return merge(
        [
            fc_cases.int8_case(1, weights),
            conv_2d_cases.int8_case(1, weights=weights),
            depthwise_conv_2d_cases.int8_case(1, weights=weights),
        ]
    )


@pytest.mark.parametrize("weights", ["int4", "int8"])
def test_a_firmware_links_only_the_weight_type_it_uses(tmp_path, weights):
    """The s4 and s8 kernels share their body through a header, so an int4-only firmware leaves the int8 kernels
    out and an int8-only one the int4 kernels (generator/emit/pruning.py, KernelSpec.kernel_types)."""
    model = tmp_path / "m.tflite"
    model.write_bytes(one_of_each(weights))
    generate([model], Options(load_board("mps2-an386"), backend="reference"), tmp_path / "p")
    files = {p.relative_to(tmp_path / "p").as_posix() for p in (tmp_path / "p").rglob("*.c")}
    used, unused = (INT4_KERNELS, INT8_KERNELS) if weights == "int4" else (INT8_KERNELS, INT4_KERNELS)
    assert used <= files and not unused & files


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_reference_kernels_in_qemu(board):
    """The three reference int4 kernels, cross-compiled with only the s4 files of their family (pruning)."""
    verify_model(one_of_each("int4"), count=2, seed=3, qemu=True, board=board)


def fully_connected_model(weights_type: str, scales: list[float], activations: str = "int8") -> bytes:
    g = GraphBuilder()
    x = g.tensor([1, 8], activations, 0.05, 0)
    w = g.tensor(
        [len(scales) if len(scales) > 1 else 3, 8], weights_type, scales, [0] * len(scales), data=np.ones((3, 8))
    )
    y = g.tensor([1, 3], activations, 0.1, 0)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=10)
    return g.build([x], [y])


@pytest.mark.parametrize(
    ("model", "reason"),
    [
        (lambda: fully_connected_model("int4", [0.01, 0.02, 0.03]), "no per-channel int4 FULLY_CONNECTED"),
        (lambda: fully_connected_model("int4", [0.01], "int16"), "input/weights/output types INT16/INT4/INT16"),
    ],
    ids=["per-channel", "int16 activations"],
)
def test_int4_weights_tflite_micro_refuses_are_refused(model, reason):
    """What TFLite Micro refuses (fully_connected_common.cc: per-channel int4; int4 only with int8 activations)."""
    with pytest.raises(CheckError) as info:
        check(read_model(model()))
    assert reason in str(info.value)


def claimed(backend: str, cases: dict) -> dict:
    """The cases whose node `backend` claims (grouped filters stay with the reference kernel); most of them."""
    backends = [backend, "reference"]
    kept = {
        name: m for name, m in cases.items() if check(read_model(m), backends=backends).kernels[0].backend == backend
    }
    assert len(kept) >= len(cases) * 2 // 3, f"{backend} claims only {len(kept)} of {len(cases)}"
    return kept


def conv_cases(seeds) -> dict:
    return {f"seed {s}": dsp_conv_2d_cases.case(s, pointwise=s % 3 == 0, weights_type="int4") for s in seeds}


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_dsp_conv_2d_random(seeds):
    verify_cases(claimed("dsp", conv_cases(seeds)), count=2, seed=seeds[0], backends=["dsp", "reference"])


def depthwise_cases(seeds) -> dict:
    return {f"seed {s}": dsp_depthwise_conv_2d_cases.case(s, weights_type="int4") for s in seeds}


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_dsp_depthwise_conv_2d_random(seeds):
    verify_cases(claimed("dsp", depthwise_cases(seeds)), count=2, seed=seeds[0], backends=["dsp", "reference"])


def fully_connected_cases(seeds) -> dict:
    return {f"seed {s}": fc_cases.int8_case(s, "int4") for s in seeds}


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_dsp_fully_connected_random(seeds):
    verify_cases(claimed("dsp", fully_connected_cases(seeds)), count=2, seed=seeds[0], backends=["dsp", "reference"])


def whole_word_rows_case(seed: int) -> bytes:
    """Depths of whole words of int4 (multiples of 8), which fully_connected_s4_dsp.c reads in place, with odd and
    even unit counts and batches."""
    rng = np.random.default_rng(seed)
    batches, depth, units = int(rng.integers(1, 4)), 8 * int(rng.integers(1, 20)), int(rng.integers(1, 12))
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", 0.05, int(rng.integers(-128, 128)))
    w_scale = float(rng.uniform(0.5, 2.0)) / (8 * np.sqrt(depth))
    w = g.tensor([units, depth], "int4", w_scale, 0, data=rng.integers(-8, 8, size=(units, depth)))
    b = g.tensor([units], "int32", 0.05 * w_scale, 0, data=rng.integers(-3000, 3000, size=units))
    y = g.tensor([batches, units], "int8", 0.05, int(rng.integers(-128, 128)))
    g.op("FULLY_CONNECTED", [x, w, b], [y], version=10, fusedActivationFunction=int(rng.integers(0, 4)))
    return g.build([x], [y])


def test_dsp_int4_rows_past_the_third_sums_bound_are_widened():
    """fully_connected_s4_dsp.c's third sum is 256 times the third rows' over the input: past 4,368 inputs it could
    leave int32, so the generator lays no blocks out (NULL) and the kernel widens those weights, with their scratch."""
    from generator.catalog.ops.fully_connected import dsp_fully_connected as dfc
    from generator.plan import plan

    sizes = {}
    for depth in (4368, 4376):
        g = GraphBuilder()
        x = g.tensor([1, depth], "int8", 0.05, 0)
        w = g.tensor([4, depth], "int4", 0.001, 0, data=np.random.default_rng(depth).integers(-8, 8, size=(4, depth)))
        y = g.tensor([1, 4], "int8", 0.5, 0)
        g.op("FULLY_CONNECTED", [x, w, -1], [y], version=10)
        node = plan(check(read_model(g.build([x], [y])), backends=["dsp", "reference"])).nodes[0]
        assert node.kernel.backend == "dsp"
        sizes[depth] = (str(node.params.fields["weights"]) == "NULL", node.scratch_bytes)
    assert dfc.INT4_BLOCKS_MAX_DEPTH == 4368
    assert sizes[4368] == (False, 2 * 4368) and sizes[4376][0] and sizes[4376][1] >= 4 * 4376


def test_dsp_fully_connected_whole_word_rows():
    cases = claimed("dsp", {f"seed {s}": whole_word_rows_case(s) for s in range(20)})
    verify_cases(cases, count=2, seed=4, backends=["dsp", "reference"])


def row_pairs_case(seed: int) -> bytes:
    """The mve kernel's row pairs (fully_connected_s4_mve.c) in every form: odd and even depths and unit counts (an
    odd last row pairs with itself), batches, and one seed in three a multiplier of 1 or more (a left shift: the
    full table, not the per-tensor assembly loop)."""
    rng = np.random.default_rng(seed)
    batches, depth, units = int(rng.integers(1, 4)), int(rng.integers(1, 70)), int(rng.integers(1, 11))
    w_scale = float(rng.uniform(0.5, 2.0)) / (8 * np.sqrt(depth))
    out_scale = 0.05 * w_scale * float(rng.uniform(0.3, 0.9)) if seed % 3 == 0 else 0.05
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", 0.05, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int4", w_scale, 0, data=rng.integers(-8, 8, size=(units, depth)))
    b = g.tensor([units], "int32", 0.05 * w_scale, 0, data=rng.integers(-3000, 3000, size=units))
    y = g.tensor([batches, units], "int8", out_scale, int(rng.integers(-128, 128)))
    g.op("FULLY_CONNECTED", [x, w, b], [y], version=10, fusedActivationFunction=int(rng.integers(0, 4)))
    return g.build([x], [y])


@pytest.mark.qemu
def test_mve_fully_connected_row_pairs_in_qemu():
    cases = on_backend("mve", ["mve", "reference"], {f"seed {s}": row_pairs_case(s) for s in range(24)})
    verify_cases(cases, count=3, seed=6, backends=["mve", "reference"], qemu=True, board="mps3-an547")


@pytest.mark.qemu
@pytest.mark.parametrize(("backend", "board"), [("dsp", "mps2-an386"), ("mve", "mps3-an547")])
def test_backend_kernels_in_qemu(backend, board):
    """CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED nodes the backend claims, with int4 weights, in one firmware."""
    cases = {
        **claimed(backend, conv_cases(range(12))),
        **claimed(backend, depthwise_cases(range(100, 112))),
        **claimed(backend, fully_connected_cases(range(200, 212))),
        **claimed(backend, {f"rows {s}": whole_word_rows_case(s) for s in range(300, 306)}),
    }
    verify_cases(cases, count=2, seed=5, backends=[backend, "reference"], qemu=True, board=board)


def weight_bytes(model: bytes) -> int:
    """The bytes of the weighted nodes' filters in the model (int4: packed)."""
    graph = read_model(model)
    weighted = ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED")
    return sum(graph.node_io(op)[0][1].nbytes for op in graph.operators if op.op_name in weighted)


@pytest.mark.qemu
@pytest.mark.parametrize(("backend", "board"), [("dsp", "mps2-an386"), ("mve", "mps3-an547")])
def test_int4_model_against_the_same_model_with_int8_weights(backend, board):
    """Issue 28's goals on a DS-CNN whose weights lie in -8..7, stored as int8 and as int4: bit-exact both, the
    weights half the bytes and the inference at most 1.1 times the int8 model's instructions."""
    models = {w: int4_models.ds_cnn(w) for w in ("int8", "int4")}
    sets = [[np.random.default_rng(11).integers(-128, 128, size=(1, 49, 10, 1), dtype=np.int8)]]
    ticks = {
        w: verify_model(m, sets=sets, qemu=True, backends=[backend, "reference"], board=board)[0].ticks
        for w, m in models.items()
    }
    assert weight_bytes(models["int4"]) <= 0.55 * weight_bytes(models["int8"])
    assert ticks["int4"] <= 1.1 * ticks["int8"], ticks


@pytest.mark.qemu
@pytest.mark.parametrize(("backend", "board"), [("dsp", "mps2-an386"), ("mve", "mps3-an547")])
def test_dense_int4_model_against_the_same_model_with_int8_weights(backend, board):
    """The goals on FULLY_CONNECTED layers only (one input row: each weight meets one MAC, so reading the packed
    weights is the cost)."""
    models = {w: int4_models.dense_autoencoder(w) for w in ("int8", "int4")}
    sets = [[np.random.default_rng(12).integers(-128, 128, size=(1, 640), dtype=np.int8)]]
    ticks = {
        w: verify_model(m, sets=sets, qemu=True, backends=[backend, "reference"], board=board)[0].ticks
        for w, m in models.items()
    }
    assert weight_bytes(models["int4"]) <= 0.55 * weight_bytes(models["int8"])
    assert ticks["int4"] <= 1.1 * ticks["int8"], ticks
