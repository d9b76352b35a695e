"""Float16 weights kept in flash, widened by the float kernels as they read them (generator/rewrite/float16.py,
firmware/kernels/mg_half.h): the conversion bit for bit against numpy on every float16, the per-tensor choice,
and on the host build one model of many random CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED nodes whose kept
and folded firmwares give the same bits, both against LiteRT's reference on the model as given."""

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest
from rewrite_cases import inputs_of, ops

import modelkit
from generator.boards import load_board
from generator.emit import emit
from generator.model import read_model
from generator.paths import kernel_include_dirs
from generator.pipeline import Options, rewrite_stage
from generator.plan import plan
from generator.reference.fallback import litert_outputs
from generator.rewrite import Float16Policy, rewrite
from generator.rewrite.float16 import TIGHT_SHARE
from generator.rewrite.stage import check_and_rewrite
from generator.run import build_host, run_host

BOARD = load_board("mps2-an386")
PROBE = """#include <stdio.h>
#include "mg_half.h"
int main(void) {
    for (uint32_t h = 0; h < 65536; ++h) {
        float f = mg_half_to_float((uint16_t)h);
        fwrite(&f, sizeof f, 1, stdout);
    }
    return 0;
}
"""


def test_every_float16_widens_to_numpys_float32_bits(tmp_path):
    source = tmp_path / "probe.c"
    source.write_text(PROBE)
    exe = tmp_path / "probe"
    subprocess.run(
        ["gcc", "-std=c99", *(f"-I{d}" for d in kernel_include_dirs()), str(source), "-o", str(exe)], check=True
    )
    widened = np.frombuffer(subprocess.run([str(exe)], capture_output=True, check=True).stdout, dtype=np.uint32)
    expected = np.arange(65536, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)
    assert np.array_equal(widened, expected)


def _weights(rng, shape) -> np.ndarray:
    """Random float16 weights, some subnormal (below 2^-14) and some zero, to reach every branch."""
    w = rng.normal(size=shape).astype(np.float16)
    tiny = rng.random(shape) < 0.1
    w[tiny] = (rng.normal(size=shape) * 3e-6).astype(np.float16)[tiny]
    w[rng.random(shape) < 0.05] = 0
    return w


def _half(g, rng, shape, bias_of: int | None = None) -> int:
    """A float16 constant behind a DEQUANTIZE; the float32 tensor it makes."""
    data = _weights(rng, shape) if bias_of is None else rng.normal(size=shape).astype(np.float16)
    half, wide = g.tensor(shape, "float16", data=data), g.tensor(shape, "float32")
    g.op("DEQUANTIZE", [half], [wide], version=3)
    return wide


def _node(g, rng, kind: str) -> tuple[int, int]:
    """One random node with float16 weights (and sometimes a float16 bias): its graph input and output."""
    act = int(rng.choice([0, 1, 3]))
    if kind == "FULLY_CONNECTED":
        depth, units = int(rng.integers(1, 40)), int(rng.integers(1, 9))
        x, y = g.tensor([2, depth], "float32"), g.tensor([2, units], "float32")
        bias = [_half(g, rng, [units], bias_of=1)] if rng.random() < 0.7 else []
        g.op("FULLY_CONNECTED", [x, _half(g, rng, [units, depth]), *bias], [y], fusedActivationFunction=act)
        return x, y
    h, w, c = (int(v) for v in rng.integers(3, 8, size=3))
    kh, kw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    stride, same = int(rng.integers(1, 3)), bool(rng.integers(0, 2))
    out_hw = [-(-n // stride) if same else (n - k) // stride + 1 for n, k in ((h, kh), (w, kw))]
    depth = c * int(rng.integers(1, 3)) if kind == "DEPTHWISE_CONV_2D" else int(rng.integers(1, 6))
    x, y = g.tensor([1, h, w, c], "float32"), g.tensor([1, *out_hw, depth], "float32")
    filter_shape = [1, kh, kw, depth] if kind == "DEPTHWISE_CONV_2D" else [depth, kh, kw, c]
    options = dict(padding=0 if same else 1, strideW=stride, strideH=stride, fusedActivationFunction=act)
    if kind == "DEPTHWISE_CONV_2D":
        options["depthMultiplier"] = depth // c
    g.op(kind, [x, _half(g, rng, filter_shape), _half(g, rng, [depth], bias_of=1)], [y], **options)
    return x, y


def _batch(seed: int, per_op: int = 6) -> bytes:
    rng, g = np.random.default_rng(seed), modelkit.GraphBuilder()
    pairs = [_node(g, rng, k) for k in ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED") for _ in range(per_op)]
    return g.build([x for x, _ in pairs], [y for _, y in pairs])


def _host_run(model: bytes, mode: str, out: Path, sets):
    from generator.catalog import with_kernels
    from generator.check import check

    stage = check_and_rewrite(
        read_model(model), lambda gr: check(gr, with_kernels([]), ["reference"]), Float16Policy(mode)
    )
    the_plan = plan(stage.checked)
    project = emit(the_plan, BOARD, out, "case.tflite")
    result = run_host(build_host(project.path), project.inputs, project.outputs, sets)
    return stage, project, [s.outputs for s in result.sets]


def test_kept_and_folded_float16_weights_give_the_same_bits_as_litert(tmp_path):
    model = _batch(seed=5)
    sets = inputs_of(read_model(model), count=2, seed=1)
    kept, kept_project, kept_out = _host_run(model, "keep", tmp_path / "keep", sets)
    folded, folded_project, folded_out = _host_run(model, "fold", tmp_path / "fold", sets)
    assert (
        ops(kept.checked.graph)
        == ops(folded.checked.graph)
        == ["CONV_2D"] * 6 + ["DEPTHWISE_CONV_2D"] * 6 + ["FULLY_CONNECTED"] * 6
    )
    assert sum(r.kind == "keep" for r in kept.rewritten.rewrites) == 18
    assert not any(r.kind == "keep" for r in folded.rewritten.rewrites)
    for a, b in zip(kept_out, folded_out):  # identical, not merely close: widening is exact, the order the same
        assert all(np.array_equal(x.view(np.uint32), y.view(np.uint32)) for x, y in zip(a, b))
    for device, expected in zip(kept_out, litert_outputs(model, sets)):
        for d, e in zip(device, expected):
            np.testing.assert_allclose(d, e, rtol=1e-5, atol=1e-6)
    # type pruning: the float16-weight kernels are in the kept firmware only
    halves = {f"{op}_f16.c" for op in ("conv_2d", "depthwise_conv_2d", "fully_connected")}
    assert halves <= {p.name for p in (kept_project.path / "src" / "kernels").glob("*.c")}
    assert not halves & {p.name for p in (folded_project.path / "src" / "kernels").glob("*.c")}
    saved = kept.rewritten.savings()["float16_kept_bytes"]
    smaller = len(folded.checked.graph.model_bytes) - len(kept.checked.graph.model_bytes)
    assert 0 < saved - smaller < 16 * 18  # what each kept tensor saves, less its buffer's 16-byte alignment


def _mixed(big: int, small: int) -> bytes:
    """Two FULLY_CONNECTED nodes with float16 weights (big and small) and an ADD of a float16 constant."""
    rng, g = np.random.default_rng(0), modelkit.GraphBuilder()
    x, y, z = g.tensor([1, 8], "float32"), g.tensor([1, big], "float32"), g.tensor([1, small], "float32")
    g.op("FULLY_CONNECTED", [x, _half(g, rng, [big, 8])], [y])
    g.op("FULLY_CONNECTED", [x, _half(g, rng, [small, 8])], [z])
    s = g.tensor([1, small], "float32")
    g.op("ADD", [z, _half(g, rng, [1, small])], [s])
    return g.build([x], [y, s])


@pytest.mark.parametrize("mode", ["fold", "keep", "auto"])
def test_the_choice_is_per_tensor_and_only_for_weights(mode):
    graph = read_model(_mixed(big=128, small=4))
    folded_size = len(graph.model_bytes) + 2 * (128 * 8 + 4 * 8 + 4)
    # auto: a flash where the folded model is over the tight share, but keeping the big weights brings it under
    # (and the small ones, even were it not, save less than a float16-weight kernel's code)
    flash = int((folded_size - 2 * 128 * 8) / TIGHT_SHARE)
    result = rewrite(graph, Float16Policy(mode, flash))
    kept = [r.nodes[0] for r in result.rewrites if r.kind == "keep"]
    assert kept == {"fold": [], "keep": [0, 2], "auto": [0]}[mode]  # DEQUANTIZE nodes; the ADD's always folds
    assert ops(result.graph) == ["FULLY_CONNECTED", "FULLY_CONNECTED", "ADD"]


def test_auto_folds_everything_where_flash_is_ample_or_unknown():
    graph = read_model(_mixed(big=128, small=4))
    for policy in (Float16Policy("auto", BOARD.flash_size), Float16Policy("auto", None)):
        assert not any(r.kind == "keep" for r in rewrite(graph, policy).rewrites)


def test_auto_keeps_no_tensor_smaller_than_the_kernel_code_it_needs():
    result = rewrite(read_model(_mixed(big=128, small=4)), Float16Policy("auto", 1024))  # far too tight
    assert [r.nodes[0] for r in result.rewrites if r.kind == "keep"] == [0]  # 2,048 B kept; 64 B folds


def test_plan_nodes_doctor_and_ops_report_the_choice_and_the_flash_saved(capsys):
    from conftest import FIXTURES
    from generator.cli import main

    fixture = str(FIXTURES / "conv_float16_weights.tflite")
    assert main(["plan", fixture, "--nodes", "--json", "--float16", "keep"]) == 0
    report = json.loads(capsys.readouterr().out)["rewrites"]
    kept = [r for r in report["rewrites"] if r["kind"] == "keep"]
    assert len(kept) == 3 and all("stays float16 in flash" in r["detail"] for r in kept)
    assert report["saved"]["float16_kept_bytes"] == 2 * (4 * 3 * 3 * 2 + 3 * 3 * 4 + 3 * 144)
    assert main(["doctor", fixture, "--float16", "keep"]) == 0
    out = capsys.readouterr().out
    assert "3 kept float16 in flash" in out and "float16 weights kept: -1,080 B against folding them" in out
    assert main(["plan", fixture, "--nodes", "--json"]) == 0  # auto on mps2-an386's 4 MB: everything folds
    assert not json.loads(capsys.readouterr().out)["rewrites"]["saved"]["float16_kept_bytes"]
    assert main(["ops", fixture, "--json", "--float16", "keep"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["ops"]}
    assert rows["DEQUANTIZE"]["supported"] and rows["CONV_2D"]["rewritten"] == "runs after the rewrite stage"


def test_a_model_as_given_with_float16_weights_read_directly_is_refused():
    """TFLite has no float16-weight convolution: such weights come only from the rewrite stage."""
    from generator.check import CheckError

    g = modelkit.GraphBuilder()
    x, y = g.tensor([1, 8], "float32"), g.tensor([1, 2], "float32")
    g.op("FULLY_CONNECTED", [x, g.tensor([2, 8], "float16", data=np.ones((2, 8)))], [y])
    graph = read_model(g.build([x], [y]))
    for rewriting in (True, False):
        with pytest.raises(CheckError, match=r"node 0 \(FULLY_CONNECTED v1\): float16 weights need a DEQUANTIZE"):
            rewrite_stage(graph, Options(BOARD, backend="reference", rewrite=rewriting))
