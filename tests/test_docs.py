"""Docs generated from code stay true to it."""

import subprocess
from pathlib import Path

from generator.bench.baselines import TFLM
from generator.catalog import CATALOG
from generator.catalog.docs import ops_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_ops_md_is_current():
    assert (DOCS / "ops.md").read_text() == ops_markdown(), "run: make docs (mcugen ops --markdown > docs/ops.md)"


def test_every_issue_op_is_in_the_catalog():
    wanted = """CONV_2D DEPTHWISE_CONV_2D FULLY_CONNECTED AVERAGE_POOL_2D MAX_POOL_2D ADD SUB MUL SOFTMAX LOGISTIC TANH
        RELU RELU6 LEAKY_RELU HARD_SWISH RESHAPE SQUEEZE EXPAND_DIMS QUANTIZE DEQUANTIZE PAD PADV2 CONCATENATION MEAN
        STRIDED_SLICE SHAPE PACK UNPACK SPLIT SPLIT_V TRANSPOSE RESIZE_NEAREST_NEIGHBOR ARG_MAX""".split()
    assert set(wanted) <= {spec.op for spec in CATALOG}


def test_the_repository_stands_alone():
    """A clone has no shared folder beside it: no tracked file may point into one (docs/baselines.md holds the
    TFLite Micro baselines instead)."""
    root = DOCS.parent
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    needle = b"../" + b"shared/"  # spelled in two parts, so this file does not name it
    offenders = [
        name
        for name in tracked.decode().split("\0")
        if name and (root / name).is_file() and needle in (root / name).read_bytes()
    ]
    assert offenders == []


def _figure(cell: str) -> float:
    """ "43.19 M" -> 43.19e6, "22,896" -> 22896."""
    number, _, unit = cell.replace(",", "").partition(" ")
    return round(float(number) * (1e6 if unit == "M" else 1))  # 4.18 * 1e6 is 4179999.9999999995


def test_baselines_md_has_the_figures_the_code_compares_with():
    cores = {"M7": "cortex-m7", "M55": "cortex-m55", "M3": "cortex-m3", "M0+ code": "cortex-m0plus"}
    seen = set()
    for line in (DOCS / "baselines.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not line.startswith("| ") or not cells[-1][:1].isdigit():
            continue
        core, model, kernels = ("cortex-m4", *cells[:2]) if len(cells) == 5 else (cores[cells[0]], *cells[1:3])
        model, all_ops = model.removesuffix(", all ops"), model.endswith(", all ops")
        key = (
            core,
            model,
            ("cmsis-nn" if kernels.startswith("CMSIS-NN") else "reference") + ("-all-ops" if all_ops else ""),
        )
        code, arena, instr = map(_figure, cells[-3:])
        assert TFLM[key] == {"code": code, "arena": arena, "instr": instr}, key
        seen.add(key)
    assert seen == set(TFLM)


def _before_after(before: int | None, after: int) -> str:
    return f"{'-' if before is None else f'{before:,}'} -> {after:,}"


def _arena_cell(stage) -> str:
    """ "208 -> 112 B (auto: 128 -> 96 B)": the per-layer arena before -> after, and `--memory auto`'s when it
    differs; "-" before for a model that does not check as given."""
    from generator.plan import plan

    def arenas(memory: str) -> tuple[int | None, int]:
        before = None if stage.original is None else plan(stage.original, memory=memory).arena_size
        return before, plan(stage.checked, memory=memory).arena_size

    layer, auto = arenas("layer"), arenas("auto")
    cell = f"{_before_after(*layer)} B"
    if auto != layer:
        cell += f" (auto: {f'{auto[1]:,}' if auto[0] is None else _before_after(*auto)} B)"
    return cell


def test_rewrite_md_fixture_figures_are_what_the_rewrite_stage_gives():
    """docs/rewrite.md's "Fixtures and figures" table: nodes, model bytes and arenas before -> after the rewrites."""
    from generator.boards import load_board
    from generator.model import read_model
    from generator.pipeline import Options, rewrite_stage

    board, rows = load_board("mps2-an386"), 0
    for line in (DOCS / "rewrite.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 6 or not cells[0].startswith("`") or "->" not in cells[3]:
            continue
        graph = read_model((DOCS.parent / "tests" / "fixtures" / f"{cells[0].strip('`')}.tflite").read_bytes())
        stage = rewrite_stage(graph, Options(board))
        assert cells[2].split()[0] == str(len(stage.rewritten.rewrites)), line
        assert cells[3:] == [
            _before_after(len(graph.operators), len(stage.checked.graph.operators)),
            f"{_before_after(len(graph.model_bytes), len(stage.checked.graph.model_bytes))} B",
            _arena_cell(stage),
        ], line
        rows += 1
    assert rows == 4
