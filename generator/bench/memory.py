"""Arenas below the per-layer bound (issue 17) for docs/benchmarks.md: each model planned under `--memory layer`,
`auto` and `min` with the reference and the board's optimized kernels (planning alone gives the arenas), and
instructions per inference in QEMU, every output compared with the reference, for `layer` against the mode that
meets the issue's goal (`min` when none does; `auto` for a model without a goal): one run per distinct plan."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..errors import McugenError
from ..pipeline import InputChoice, Options, checked_graph, load_model, progress, verify
from ..plan import plan
from .table import table

MODES = ("layer", "auto", "min")
# The boards issue 31 sets the goals on (the dsp and the mve backend); a bench without either runs its first board.
MEMORY_BOARDS = ("mps2-an386", "mps3-an547")
# Issue 17's arena goals (bytes, held with the reference and the optimized kernels on MEMORY_BOARDS by issue 31)
# and the instruction overhead allowed (optimized).
ARENA_GOALS = {
    "keyword_spotting": 9_000,
    "image_classification": 34_000,
    "visual_wake_words": 116_000,
    "tflite_micro_speech": 4_500,
    "tflite_micro_magic_wand": 2_600,
    "anomaly_detection": 3_200,
}
OVERHEAD_GOAL = 10.0  # percent, with the optimized backend


@dataclass
class MemoryRun:
    model: str
    backend: str  # the --backend choice
    error: str | None = None
    arenas: dict[str, int] | None = None  # --memory mode -> planned arena
    goal: int | None = None
    measured: str = ""  # the mode compared with layer in QEMU
    match: bool = False  # every output of both runs bit-exact (integers) / within tolerance (float)
    layer_instructions: int = 0
    instructions: int = 0  # of the measured mode
    board: str = ""

    @property
    def best(self) -> str:
        """The mode with the smallest arena; on a tie auto (the default), then min."""
        preference = ("auto", "min", "layer")
        return min(preference, key=lambda m: (self.arenas[m], preference.index(m)))

    @property
    def overhead(self) -> float:
        return 100.0 * (self.instructions - self.layer_instructions) / max(self.layer_instructions, 1)


def measured_mode(arenas: dict[str, int], goal: int | None) -> str:
    """The mode compared with layer: the first of auto and min meeting the goal, else min; auto without a goal."""
    if goal is None:
        return "auto"
    return next((m for m in ("auto", "min") if arenas[m] <= goal), "min")


def _plan_key(p) -> tuple:
    """What makes two plans one firmware: placement, overlaps and row patches."""
    overlaps = tuple((o.node, o.output, o.input, o.distance, o.direction) for o in p.overlaps)
    bands = (p.patches.split, p.patches.bands) if p.patches and p.patches.bands else None
    return p.arena_size, tuple(p.tensor_offsets), overlaps, bands


def _instructions(path: Path, board, backend: str, mode: str, sets: int, workdir: Path) -> tuple[int, bool]:
    v = verify([path], Options(board, backend=backend, memory=mode), workdir, InputChoice(count=sets))
    return max(v.run.instructions(s.ticks) for s in v.run.sets), v.match


def bench_memory_one(model: str, board_name: str, backend: str, sets: int, workroot: Path, known: dict) -> MemoryRun:
    """`known`: (model, backend, mode) -> (instructions, match) of the bench's own runs on this board."""
    board, name = load_board(board_name), Path(model).stem
    run = MemoryRun(name, backend, goal=ARENA_GOALS.get(name), board=board_name)
    try:
        path = zoo.resolve(model)
        checked = checked_graph(load_model(path), Options(board, backend=backend))
        plans = {mode: plan(checked, memory=mode) for mode in MODES}
        run.arenas = {mode: p.arena_size for mode, p in plans.items()}
        run.measured = measured_mode(run.arenas, run.goal)
        figures: dict[tuple, tuple[int, bool]] = {}
        for mode in ("layer", run.measured):
            key = _plan_key(plans[mode])
            same = [m for m in MODES if _plan_key(plans[m]) == key and (name, backend, m) in known]
            if key not in figures and same:  # the bench ran this plan already
                figures[key] = known[(name, backend, same[0])]
            if key not in figures:
                progress(f"[memory] {name} ({backend} kernels): --memory {mode} in QEMU")
                workdir = workroot / f"{name}-{board_name}-{backend}-memory-{mode}"
                figures[key] = _instructions(path, board, backend, mode, sets, workdir)
        (run.layer_instructions, layer_ok), (run.instructions, ok) = (
            figures[_plan_key(plans[m])] for m in ("layer", run.measured)
        )
        run.match = layer_ok and ok
    except McugenError as exc:
        run.error = " ".join(line.strip() for line in str(exc).splitlines()[:2]).replace("|", "/")
    return run


def bench_memory(models: list[str], board_name: str, backends: list[str], sets: int, workroot: Path, results=()):
    """Each model with each backend on the board, reusing the bench's runs (`results`) with the same plan."""
    known = {
        (r.model, r.backend, r.memory): (r.cost, r.match)
        for r in results
        if r.board == board_name and not r.error and r.sets == sets
    }
    return [bench_memory_one(m, board_name, b, sets, workroot, known) for m in models for b in backends]


def _overhead_verdict(r) -> str:
    """Whether the optimized kernels' overhead meets the goal (the reference kernels have none)."""
    if r.backend == "reference":
        return ""
    return " (met)" if r.overhead <= OVERHEAD_GOAL else " (over the goal)"


def memory_boards(boards: list[str]) -> list[str]:
    """The boards of MEMORY_BOARDS the bench runs, else its first."""
    return [b for b in boards if b in MEMORY_BOARDS] or boards[:1]


def memory_modes_table(runs) -> list[str]:
    """One row per model, board and backend: the three arenas, the goal, and layer's instructions against the
    mode's."""
    if not runs:
        return []
    boards = " and ".join(dict.fromkeys(r.board for r in runs))
    lines = [
        "## Memory below the per-layer bound (issue 17: arena per --memory mode, instructions per inference)",
        "",
        f"On {boards}: each model planned with `--memory layer` (every node's input and output whole), `auto` "
        "(the smallest arena from overlaps and row patches whose estimated instructions stay within 10 % of "
        "`layer`'s for the whole model) and `min` (every overlap, and row patches when they lower the arena); "
        "arenas from the plans. The goal column is issue 17's; 'holds' judges the mode with "
        "the smallest arena (named). Instructions per inference in QEMU for layer and for the first of auto and min "
        "that meets the goal (min when none does, auto for a model without a goal), both runs' outputs compared "
        "with the reference (match: integers bit for bit); one run when the two plans are one firmware. Goal: "
        f"overhead <= +{OVERHEAD_GOAL:.0f} % with the optimized kernels.",
        "",
    ]

    def cells(r: MemoryRun) -> str:
        arenas = " | ".join(f"{r.arenas[m]:,}" for m in MODES)
        goal = "-" if r.goal is None else f"{r.goal:,}"
        best = r.arenas[r.best]
        held = "-" if r.goal is None else ("yes" if best <= r.goal else f"no, {best - r.goal:,} B over")
        return (
            f"| {r.model} | {r.board} | {r.backend} | {arenas} | {goal} | {held} ({r.best}: {best:,}) | "
            f"{'yes' if r.match else 'NO'} | {r.layer_instructions:,} | {r.instructions:,} ({r.measured}) | "
            f"{r.overhead:+.1f} %{_overhead_verdict(r)} |"
        )

    header = (
        "| model | board | kernels | arena, layer | arena, auto | arena, min | goal | holds (best mode) | match "
        "| instructions, layer | instructions, mode | overhead |"
    )
    align = "|---|---|---|---:|---:|---:|---:|---|---|---:|---:|---:|"
    return lines + table(header, align, runs, lambda r: [r.model, r.board, r.backend], cells)


def as_dicts(runs: list[MemoryRun]) -> list[dict]:
    return [{**asdict(r), "overhead_percent": None if r.error else round(r.overhead, 2)} for r in runs]
