"""Several models in one firmware (issue 18) for docs/benchmarks.md: keyword_spotting, anomaly_detection and
tflite_micro_magic_wand in one firmware on each board, verified interleaved against each model's reference, its
flash against the models' bytes plus the largest single-model firmware's code (+15 %), and its shared arena
against the three single-model arenas. The single-model figures come from their own builds (`--backend auto`,
as the firmware of several), or from the bench's own runs of them where it made those."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..build import build
from ..errors import McugenError
from ..locking import project_lock
from ..measure import measure
from ..pipeline import InputChoice, Options, generate, progress, verify
from .table import table

MULTI_MODELS = ["keyword_spotting", "anomaly_detection", "tflite_micro_magic_wand"]
MULTI_BOARDS = ["mps2-an386", "mps3-an547"]
FLASH_MARGIN = 15  # percent; the goal: flash <= (models' bytes + largest single code) + 15 %


@dataclass
class Single:
    model: str
    model_bytes: int
    code: int
    arena: int


@dataclass
class MultiRun:
    board: str
    error: str | None = None
    match: bool = False
    exact: bool = False  # every output identical (max abs diff 0)
    sets: int = 0
    flash: int = 0
    code: int = 0
    arena: int = 0  # the shared arena
    singles: list[Single] = field(default_factory=list)

    @property
    def model_bytes(self) -> int:
        return sum(s.model_bytes for s in self.singles)

    @property
    def largest_code(self) -> Single:
        return max(self.singles, key=lambda s: s.code)

    @property
    def largest_arena(self) -> Single:
        return max(self.singles, key=lambda s: s.arena)

    @property
    def limit(self) -> int:
        return (self.model_bytes + self.largest_code.code) * (100 + FLASH_MARGIN) // 100


def single_firmware(model: str, board, known: dict, workroot: Path) -> Single:
    """A model's own firmware with the optimized kernels: from the bench's run of it (known_singles), else built
    here."""
    if (model, board.name) in known:
        return known[(model, board.name)]
    progress(f"building {model} alone on {board.name} (auto kernels) for its code and arena")
    folder = workroot / f"{model}-{board.name}-auto-single"
    with project_lock(folder):  # generated and built as one step
        project, parts = generate([zoo.resolve(model)], Options(board), folder)
        size = measure(build(project.path).elf)
    return Single(model, size.model, size.code, parts[0].plan.arena_size)


def bench_multi_one(board_name: str, sets: int, workroot: Path, known: dict) -> MultiRun:
    run = MultiRun(board_name)
    try:
        board = load_board(board_name)
        run.singles = [single_firmware(m, board, known, workroot) for m in MULTI_MODELS]
        progress(f"[several models] {', '.join(MULTI_MODELS)} in one firmware on {board_name}, interleaved")
        paths = [zoo.resolve(m) for m in MULTI_MODELS]
        v = verify(paths, Options(board), workroot / f"multi-{board_name}", InputChoice(count=sets))
        run.match, run.sets = v.match, len(v.sets)
        run.exact = all(m.comparison.max_abs_diff == 0 for m in v.models)
        run.flash, run.code, run.arena = v.size.flash, v.size.code, v.project.arena_bytes
    except McugenError as exc:
        run.error = " ".join(line.strip() for line in str(exc).splitlines()[:2]).replace("|", "/")
    return run


def known_singles(results) -> dict:
    """The bench's runs usable as single-model firmwares: --backend auto, --memory auto."""
    return {
        (r.model, r.board): Single(r.model, r.model_bytes, r.code, r.arena)
        for r in results
        if r.backend == "auto" and not r.error and r.memory == "auto"
    }


def bench_multi(sets: int, workroot: Path, results=()) -> list[MultiRun]:
    known = known_singles(results)
    return [bench_multi_one(b, sets, workroot, known) for b in MULTI_BOARDS]


def multi_table(runs) -> list[str]:
    """Per board: the firmware's flash against the goal's limit, and its shared arena against the single ones."""
    if not runs:
        return []
    lines = [
        "## Several models in one firmware (issue 18: flash and shared arena of three models, run interleaved)",
        "",
        f"{', '.join(MULTI_MODELS)} in one firmware (`mcugen verify` with the three models, optimized kernels), "
        "run interleaved in QEMU (one model after another, every set), each model's outputs compared with its own "
        "reference. Each model also built alone for its code, model bytes and arena. Goals: flash <= (the models' "
        f"bytes + the largest single-model firmware's code) + {FLASH_MARGIN} %; shared arena = the largest "
        "single-model arena, byte for byte.",
        "",
    ]

    def cells(r: MultiRun) -> str:
        match = ("yes, bit-exact" if r.exact else "yes") if r.match else "NO"
        match += f" ({r.sets} set{'s' if r.sets != 1 else ''})"
        largest = r.largest_arena
        singles = ", ".join(f"{s.model} {s.arena:,}" for s in r.singles)
        held = "met" if r.arena == largest.arena else f"gap: {r.arena - largest.arena:+,} B"
        margin = r.limit - r.flash
        return (
            f"| {r.board} | {match} | {r.flash:,} | {r.model_bytes:,} | {r.largest_code.code:,} "
            f"({r.largest_code.model}) | {r.limit:,} | {abs(margin):,} B {'under' if margin >= 0 else 'OVER'} | "
            f"{r.arena:,} | {singles} | {held} |"
        )

    header = (
        "| board | match | flash | models' bytes | largest single code | limit | margin | shared arena "
        "| single arenas | arena goal |"
    )
    align = "|---|---|---:|---:|---:|---:|---:|---:|---|---|"
    return lines + table(header, align, runs, lambda r: [r.board], cells)


def as_dicts(runs: list[MultiRun]) -> list[dict]:
    return [{**asdict(r), "model_bytes": r.model_bytes, "limit": r.limit} if not r.error else asdict(r) for r in runs]
