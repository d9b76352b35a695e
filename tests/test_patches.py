"""Patch-based execution of a first stage (generator/rewrite/patches.py): small convolution chains, run in row bands
on the host build, against TFLite Micro on the model as given; stride 1 and 2, SAME and VALID, depthwise,
residual ADDs, a float input behind QUANTIZE, bands at both image edges."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import numpy as np
import pytest
from param_contract import plan_problems

from generator.boards import load_board
from generator.check import check
from generator.compare import compare
from generator.emit import emit
from generator.model import read_model
from generator.pipeline import random_sets
from generator.plan import memory, plan
from generator.plan.cost import TOTAL_OVERHEAD_CAP, overhead, plan_instructions
from generator.reference import reference_outputs
from generator.rewrite.patches import mac_overhead, patched_graph, split_candidates
from generator.run import build_host, run_host
from kernel_harness import rand_scale
from modelkit import GraphBuilder

SAME, VALID = 0, 1


def _out(padding: int, size: int, taps: int, stride: int) -> int:
    return -(-size // stride) if padding == SAME else -(-(size - taps + 1) // stride)


class Chain:
    """An int8 chain of layers from one image input (float32 behind a QUANTIZE with `float_input`)."""

    def __init__(self, seed: int, h: int, w: int, depth: int = 3, float_input: bool = False):
        self.rng, self.b = np.random.default_rng(seed), GraphBuilder()
        self.shape, self.scale = [1, h, w, depth], 0.05
        if float_input:
            self.image = self.b.tensor(self.shape, "float32")
            self.cur = self._activation(self.shape)
            self.b.op("QUANTIZE", [self.image], [self.cur])
        else:
            self.image = self.cur = self._activation(self.shape)
        self.saved = None

    def _activation(self, shape, zero_point: int | None = None) -> int:
        self.zero_point = int(self.rng.integers(-20, 20)) if zero_point is None else zero_point
        return self.b.tensor(shape, "int8", self.scale, self.zero_point)

    def pool(self, op: str, taps: int, stride: int, padding: int) -> Chain:
        """An AVERAGE_POOL_2D or MAX_POOL_2D (the same scale and zero point out as in)."""
        _, h, w, d = self.shape
        self.shape = [1, _out(padding, h, taps, stride), _out(padding, w, taps, stride), d]
        y = self._activation(self.shape, self.zero_point)
        self.b.op(
            op,
            [self.cur],
            [y],
            padding=padding,
            strideH=stride,
            strideW=stride,
            filterHeight=taps,
            filterWidth=taps,
            fusedActivationFunction=0,
        )
        self.cur = y
        return self

    def layer(self, kind: str, taps: int, stride: int, padding: int, depth: int | None = None, dilation=1) -> Chain:
        """A CONV_2D ("conv", to `depth` channels) or DEPTHWISE_CONV_2D ("dw", multiplier 1) with a bias."""
        _, h, w, d = self.shape
        out_depth = d if kind == "dw" else depth
        filter_shape = [1, taps, taps, d] if kind == "dw" else [out_depth, taps, taps, d]
        w_scale = [rand_scale(self.rng, 2e-3, 1e-2) for _ in range(out_depth)]
        f = self.b.tensor(
            filter_shape,
            "int8",
            w_scale,
            [0] * out_depth,
            data=self.rng.integers(-127, 128, filter_shape),
            axis=3 if kind == "dw" else 0,
        )
        bias = self.b.tensor(
            [out_depth],
            "int32",
            [self.scale * s for s in w_scale],
            [0] * out_depth,
            data=self.rng.integers(-2000, 2000, out_depth),
        )
        span = (taps - 1) * dilation + 1
        self.shape = [1, _out(padding, h, span, stride), _out(padding, w, span, stride), out_depth]
        self.scale *= 2.0
        y = self._activation(self.shape)
        common = dict(
            padding=padding,
            strideH=stride,
            strideW=stride,
            dilationHFactor=dilation,
            dilationWFactor=dilation,
            fusedActivationFunction=int(self.rng.choice([0, 1, 3])),
        )
        if kind == "dw":
            self.b.op("DEPTHWISE_CONV_2D", [self.cur, f, bias], [y], version=3, depthMultiplier=1, **common)
        else:
            self.b.op("CONV_2D", [self.cur, f, bias], [y], version=3, **common)
        self.cur = y
        return self

    def save(self) -> Chain:
        self.saved = (self.cur, list(self.shape))
        return self

    def add_saved(self) -> Chain:
        """A residual ADD of the saved tensor and the current one (same shape)."""
        y = self._activation(self.shape)
        self.b.op("ADD", [self.saved[0], self.cur], [y], fusedActivationFunction=0)
        self.cur = y
        return self

    def build(self) -> bytes:
        return self.b.build([self.image], [self.cur])


def _run_patched(model: bytes, split: int, bands: int, seed: int = 0, backends=("reference",)):
    """Runs `model` with nodes 0..split in `bands` row bands on the host build; asserts bit-exactness against
    TFLite Micro on the model as given; returns the patched plan."""
    graph = read_model(model)
    assert split in split_candidates(graph)
    patched = patched_graph(graph, split, bands)
    the_plan = plan(check(patched, backends=list(backends)))
    assert not plan_problems(the_plan)
    with tempfile.TemporaryDirectory(prefix="mcugen-patches-") as tmp:
        project = emit(the_plan, load_board("mps2-an386"), Path(tmp) / "p", "case.tflite")
        sets = random_sets(project.inputs, 2, seed)
        result = run_host(build_host(project.path), project.inputs, project.outputs, sets)
    verdict = compare([s.outputs for s in result.sets], reference_outputs(model, sets, len(project.outputs)))
    assert verdict.match, f"{verdict.mismatched_elements}/{verdict.total_elements} elements differ"
    return the_plan


def _mobilenet_stage(seed: int) -> bytes:
    """SAME stride 2 conv, depthwise stride 1 and 2, a VALID 3x3 depthwise, pointwise convs, a tail after."""
    chain = Chain(seed, 19, 13, float_input=True).layer("conv", 3, 2, SAME, 8).layer("dw", 3, 1, SAME)
    chain.layer("conv", 1, 1, SAME, 12).layer("dw", 3, 2, SAME).layer("dw", 3, 1, VALID).layer("conv", 1, 1, VALID, 6)
    return chain.layer("dw", 3, 2, SAME).build()


def _residual_stage(seed: int) -> bytes:
    """Two branches of different receptive fields joined by ADD inside the stage (a band reads a taller
    slice of the shared tensor than one of its readers needs), then a stride 2 VALID 5x5 conv."""
    chain = Chain(seed, 16, 11, depth=4).layer("conv", 3, 1, SAME, 6).save()
    chain.layer("conv", 3, 1, SAME, 6).layer("dw", 5, 1, SAME).add_saved()
    return chain.layer("conv", 5, 2, VALID, 5).layer("conv", 3, 1, SAME, 4).build()


# Node heights of _mobilenet_stage: QUANTIZE 19, conv 10, dw 10, conv 10, dw 5, VALID dw 3, VALID conv 3, dw 2.
@pytest.mark.parametrize("split, bands", [(3, 7), (6, 3), (7, 2)])
def test_mobilenet_stage_bit_exact(split, bands):
    _run_patched(_mobilenet_stage(bands), split, bands, seed=bands)


def test_dilated_stage_bit_exact():
    """Dilated windows (the halo grows with the dilation) with SAME padding at both edges, then stride 2."""
    chain = Chain(4, 15, 10, depth=3).layer("conv", 3, 1, SAME, 6, dilation=2).layer("dw", 3, 1, SAME, dilation=3)
    _run_patched(chain.layer("dw", 3, 2, SAME).layer("conv", 1, 1, SAME, 4).build(), 2, 4, seed=4)


def test_bands_must_have_rows():
    with pytest.raises(ValueError, match="2 to 2 bands"):
        patched_graph(read_model(_mobilenet_stage(1)), 7, 3)


def test_dsp_backend_bit_exact(backend="dsp"):
    """The optimized kernels take the bands' geometry from the same parameter block (the MVE ones build for
    the Cortex-M55 only, in QEMU)."""
    the_plan = _run_patched(_mobilenet_stage(9), 5, 3, seed=9, backends=(backend, "reference"))
    assert any(node.kernel.backend == backend for node in the_plan.nodes)


def test_pooling_stage_bit_exact(bands=3):
    """SAME average pooling (its divisor counts the taps inside the image) and max pooling on bands."""
    chain = Chain(bands, 17, 9, depth=4).layer("conv", 3, 1, SAME, 6).pool("AVERAGE_POOL_2D", 3, 2, SAME)
    model = chain.layer("dw", 3, 1, SAME).pool("MAX_POOL_2D", 2, 2, SAME).layer("conv", 1, 1, VALID, 3).build()
    _run_patched(model, 3, bands, seed=bands)


def test_residual_stage_bit_exact(bands=5):
    model = _residual_stage(bands)
    graph = read_model(model)
    assert split_candidates(graph) == [0, 3, 4, 5]  # not inside the residual block
    _run_patched(model, 4, bands, seed=bands)


def test_mac_overhead_grows_with_bands():
    model = _mobilenet_stage(1)
    checked = check(read_model(model))
    overheads = [mac_overhead(checked, 3, bands) for bands in (2, 3, 4)]
    assert 0 < overheads[0] < overheads[1] < overheads[2]


def _expanding_stage(seed: int) -> bytes:
    """An int8 image expanded to 16 channels at full size, then reduced: the memory-heavy start patches fix."""
    chain = Chain(seed, 24, 16).layer("conv", 3, 1, SAME, 16).layer("dw", 3, 2, SAME).layer("conv", 1, 1, SAME, 4)
    return chain.layer("conv", 3, 2, SAME, 8).build()


def test_choice_lowers_the_arena_under_the_cap():
    checked = check(read_model(_expanding_stage(1)))
    chosen, capped = plan(checked, patch_overhead=20.0), plan(checked, patch_overhead=0.0)
    choice = chosen.patches
    assert choice.bands and choice.arena_after == chosen.arena_size < capped.arena_size
    assert choice.mac_overhead <= 20.0 and "row bands" in choice.describe() and "split after node" in choice.describe()
    assert capped.patches.bands == 0


def test_auto_takes_patches_within_the_instruction_cap(monkeypatch):
    """--memory auto tries row patches without --patches, and takes them when they lower the arena and the
    plan's estimated instructions stay within the model's cap over --memory layer; with no room under the cap
    it keeps the plan without them."""
    checked = check(read_model(_expanding_stage(1)))
    chosen, layer = plan(checked), plan(checked, memory="layer")
    choice = chosen.patches
    assert choice.bands >= 2 and choice.arena_after == chosen.arena_size < layer.arena_size
    assert 0 < choice.instructions <= choice.instructions_cap == TOTAL_OVERHEAD_CAP
    assert overhead(plan_instructions(chosen), plan_instructions(layer)) == pytest.approx(choice.instructions)
    assert "instructions over --memory layer" in choice.describe()
    monkeypatch.setattr(memory, "TOTAL_OVERHEAD_CAP", choice.instructions / 2)
    tight = plan(checked)
    assert tight.patches.bands == 0 and tight.arena_size > chosen.arena_size
    assert tight.patches.instructions <= choice.instructions / 2


def test_patch_search_plans_only_the_chosen_candidate_in_full(monkeypatch):
    """Candidates are ranked by draft plans; the full plan (kernel parameters, every layout) is made for the
    plans auto compares and the chosen candidates only."""
    checked = check(read_model(_expanding_stage(1)))
    full = []
    real = memory.plan_with

    def counted(c, views, memory, quick=False):
        full.append(quick)
        return real(c, views, memory, quick)

    monkeypatch.setattr(memory, "plan_with", counted)
    assert plan(checked).patches.bands >= 2
    # layer; per overlap choice (auto's cheap ones, every one) its plan and its chosen candidate; the rest drafts
    assert full.count(False) <= 5 and full.count(True) >= 4


def test_plan_prints_the_choice(cli, tmp_path):
    model = tmp_path / "stage.tflite"
    model.write_bytes(_expanding_stage(1))
    result = cli("plan", model, "--patches", "--patch-overhead", 20, "--json")
    assert result.returncode == 0, result.stderr
    choice = json.loads(result.stdout)["patches"]
    assert choice["bands"] >= 2 and choice["arena_after"] < choice["arena_before"] and choice["splits"]
    refused = cli("plan", model, "--patch-overhead", 5)
    assert refused.returncode == 2 and "--patch-overhead needs --patches" in refused.stderr


@pytest.mark.qemu
@pytest.mark.slow
def test_image_classification_in_patches_on_qemu(cli, tmp_path):
    """A bundled ResNet-style CNN with its first stage (residual ADD included) in row patches: bit-exact in
    QEMU on mps2-an386 with the reference kernels, a smaller arena, and the instructions within the cap."""
    runs = {}
    for label, flags in (("layer", ["--memory", "layer"]), ("patches", ["--memory", "layer", "--patches"])):
        result = cli(
            "verify", "image_classification", "--board", "mps2-an386", "--backend", "reference", "--random", 3,
            "-o", tmp_path / label, "--json", *flags,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr[-2000:]
        runs[label] = json.loads(result.stdout)
        assert runs[label]["match"] is True and runs[label]["mismatched_elements"] == 0
    layer, patches = runs["layer"], runs["patches"]
    assert patches["patches"]["bands"] >= 2 and patches["arena_bytes"] == patches["patches"]["arena_after"]
    assert patches["arena_bytes"] <= 34_000 < layer["arena_bytes"]
    assert patches["cost_per_inference"] <= 1.10 * layer["cost_per_inference"]
