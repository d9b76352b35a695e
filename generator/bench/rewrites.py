"""The rewrite stage's savings for docs/benchmarks.md: each model built as given (`--no-rewrite`) and rewritten
(and the float16 fixture also with its weights kept float16 in flash), each build run in QEMU against the
reference on the model as given, with flash, the model's bytes in it, arena and instructions per inference.

A model no rewrite changes gets one row (its graph, and so its firmware, is the same either way); a build that
cannot run (TFLite Micro refuses float16 DEQUANTIZE, and so does check) says why in its row."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..errors import McugenError
from ..paths import ROOT
from ..pipeline import InputChoice, Options, load_model, progress, rewrite_stage, verify
from ..rewrite.report import KINDS

# The converter-made fixtures of issue 19 (scripts/rewrite_fixtures.py), each with something to rewrite.
REWRITE_FIXTURES = [
    str(ROOT / "tests" / "fixtures" / f"{name}.tflite")
    for name in ("conv_float16_weights", "conv_relu_float", "conv_relu_int8", "mlp_int8_qdq")
]
AS_GIVEN, REWRITTEN, KEPT = "as given (--no-rewrite)", "rewritten", "rewritten, --float16 keep"
BUILDS = {AS_GIVEN: {"rewrite": False}, REWRITTEN: {"float16": "fold"}, KEPT: {"float16": "keep"}}


@dataclass
class RewriteRun:
    model: str
    build: str  # AS_GIVEN, REWRITTEN, KEPT, or "no rewrite applies"
    rewrites: str = ""  # what the rewrite stage did, e.g. "3 fused"
    error: str | None = None
    match: bool = False
    flash: int = 0
    model_bytes: int = 0
    arena: int = 0
    instructions: int = 0


def applied_rewrites(path: Path, board, float16: str) -> str:
    """What the rewrite stage does to the model on the board ("" when nothing), or why it cannot."""
    rewrites = rewrite_stage(load_model(path), Options(board, backend="reference", float16=float16)).rewritten.rewrites
    counts: dict[str, int] = {}
    for r in rewrites:
        counts[r.kind] = counts.get(r.kind, 0) + 1
    return ", ".join(f"{n} {KINDS[kind]}" for kind, n in counts.items())


def _run(path: Path, board, build: str, sets: int, workdir: Path, rewrites: str) -> RewriteRun:
    run = RewriteRun(Path(path).stem, build, rewrites)
    try:
        options = Options(board, backend="reference", **BUILDS.get(build, {}))
        v = verify([path], options, workdir, InputChoice(count=sets))
    except McugenError as exc:  # the first line and the first reason under it
        run.error = " ".join(line.strip() for line in str(exc).splitlines()[:2]).replace("|", "/")
        return run
    run.match, run.flash, run.model_bytes = v.match, v.size.flash, v.size.model
    run.arena, run.instructions = v.models[0].part.plan.arena_size, max(v.run.instructions(s.ticks) for s in v.run.sets)
    return run


def bench_rewrites(models: list[str], board_name: str, workroot: Path, sets: int = 3) -> list[RewriteRun]:
    """Each model as given and rewritten on one board with the reference kernels."""
    board, runs = load_board(board_name), []
    for i, model in enumerate(models, 1):
        try:
            path = zoo.resolve(model)
            applied = applied_rewrites(path, board, "fold")
        except McugenError as exc:
            runs.append(RewriteRun(Path(model).stem, AS_GIVEN, error=str(exc).splitlines()[0]))
            continue
        builds = [AS_GIVEN, REWRITTEN] if applied else ["no rewrite applies"]
        kept = applied_rewrites(path, board, "keep") if applied else ""
        if "kept" in kept:
            builds.append(KEPT)
        for build in builds:
            progress(f"[rewrites {i}/{len(models)}] {Path(model).stem}: {build}")
            workdir = workroot / f"{Path(model).stem}-{board_name}-rewrite-{builds.index(build)}"
            done = {AS_GIVEN: "", KEPT: kept}.get(build, applied)
            runs.append(_run(path, board, build, sets, workdir, done))
    return runs


def as_dicts(runs: list[RewriteRun]) -> list[dict]:
    return [asdict(r) for r in runs]
