"""Models as a library (issue 30) for docs/benchmarks.md: every bundled model generated `--as library` on each of
LIBRARY_BOARDS and linked into an application of our own (library_app.py: CMake, the library's toolchain file),
which inits and invokes it in QEMU; its code beside the harness firmware's code for the same model and kernels;
and MULTI_MODELS in one library, against the models' bytes plus the largest single library's code (+15 %) and
RAM against the largest single library's (+2 KB)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..emit.library import library_name
from ..errors import McugenError
from ..locking import project_lock
from ..measure import measure
from ..pipeline import Options, generate, progress
from .library_app import build_app, run_each_main, run_in_qemu
from .multi import MULTI_MODELS, known_singles, single_firmware
from .table import table

LIBRARY_BOARDS = ["mps2-an386", "mps3-an547"]
CODE_MARGIN = 1024  # bytes: a single-model library's code over its harness firmware's
FLASH_MARGIN = 15  # percent of the largest single library's code, for several models in one
RAM_MARGIN = 2048  # bytes over the largest single library's RAM, for several models in one
SEVERAL = "mcugen_models"  # the CMake target of a library of several models


@dataclass
class LibraryRun:
    model: str  # a zoo name, or the models of one library joined by " + "
    board: str
    error: str | None = None
    flash: int = 0
    code: int = 0
    ram: int = 0
    model_bytes: int = 0  # the models as planned (row patches may rewrite a first stage into more nodes)
    harness_code: int = 0  # a single model's harness firmware's code, same model and kernels


def library_app(models: list[str], names: list[str], board: str, folder: Path) -> LibraryRun:
    """`models` generated as one library (its API names `names`) for `board` and an application that inits and
    invokes each once, built, run in QEMU (it must print "done") and measured."""
    run = LibraryRun(" + ".join(models), board)
    with project_lock(folder):  # generated and built as one step
        _, parts = generate([zoo.resolve(m) for m in models], Options(load_board(board)), folder / "lib", names, True)
        target = names[0] if len(names) == 1 else SEVERAL
        elf = build_app(folder, folder / "lib", target, run_each_main(names), board)
        lines = run_in_qemu(elf, board)
        if lines[-1:] != ["done"]:
            raise McugenError(f"the application did not finish: {lines[-3:]}")
        size = measure(elf)
    run.flash, run.code, run.ram = size.flash, size.code, size.ram
    run.model_bytes = sum(len(p.plan.graph.model_bytes) for p in parts)
    return run


def bench_library_one(models: list[str], board: str, workroot: Path, known: dict) -> LibraryRun:
    names = [library_name(m) for m in models]
    what = " + ".join(models)
    progress(f"[library] {what} as a library on {board}, in an application of our own")
    try:
        run = library_app(models, names, board, workroot / f"library-{'+'.join(names)}-{board}")
        if len(models) == 1:
            run.harness_code = single_firmware(models[0], load_board(board), known, workroot).code
    except McugenError as exc:
        run = LibraryRun(what, board, " ".join(line.strip() for line in str(exc).splitlines()[:2]).replace("|", "/"))
    return run


def bench_library(workroot: Path, results=()) -> list[LibraryRun]:
    known = known_singles(results)
    runs = []
    for board in LIBRARY_BOARDS:
        runs += [bench_library_one([m], board, workroot, known) for m in zoo.NAMES]
        runs.append(bench_library_one(MULTI_MODELS, board, workroot, known))
    return runs


def several_limits(runs: list[LibraryRun], several: LibraryRun) -> tuple[float, int]:
    """The goals of several models in one library: (flash limit, RAM limit), from their single libraries."""
    singles = [r for r in runs if r.board == several.board and r.model in several.model.split(" + ")]
    return (
        several.model_bytes + (100 + FLASH_MARGIN) / 100 * max(r.code for r in singles),
        max(r.ram for r in singles) + RAM_MARGIN,
    )


def library_table(runs: list[LibraryRun]) -> list[str]:
    if not runs:
        return []
    lines = [
        "## Models as a library (issue 30: code of an application against the CMake target)",
        "",
        "Each bundled model generated `--as library` (default kernels and memory) and linked into an application "
        "of our own (generator/bench/library_app.py: CMake with the library's toolchain file, the keyword_spotter "
        "example's console and startup code), which inits and invokes it once in QEMU. code = flash minus the "
        f"model's bytes, as elsewhere. Goals: a library's code <= its harness firmware's + {CODE_MARGIN:,} B; "
        f"{', '.join(MULTI_MODELS)} in one library: flash <= the models' bytes + {100 + FLASH_MARGIN} % of the "
        f"largest single library's code, RAM <= the largest single library's + {RAM_MARGIN:,} B.",
        "",
    ]
    singles = [r for r in runs if " + " not in r.model]

    def single_cells(r: LibraryRun) -> str:
        over = r.code - r.harness_code
        held = "met" if over <= CODE_MARGIN else "MISSED"
        return f"| {r.model} | {r.board} | {r.flash:,} | {r.code:,} | {r.harness_code:,} | {over:+,} | {held} |"

    header = "| model | board | flash | code as a library | harness code | difference | goal |"
    lines += table(header, "|---|---|---:|---:|---:|---:|---|", singles, lambda r: [r.model, r.board], single_cells)
    several = [r for r in runs if " + " in r.model and not r.error]
    if several:
        lines += ["", "| models | board | flash | models' bytes | flash limit | RAM | RAM limit | goals |"]
        lines.append("|---|---|---:|---:|---:|---:|---:|---|")
        for r in several:
            flash_limit, ram_limit = several_limits(runs, r)
            held = "met" if r.flash <= flash_limit and r.ram <= ram_limit else "MISSED"
            lines.append(
                f"| {r.model} | {r.board} | {r.flash:,} | {r.model_bytes:,} | {int(flash_limit):,} | {r.ram:,} | "
                f"{ram_limit:,} | {held} |"
            )
    lines += [f"| {r.model} | {r.board} | failed: {r.error} |" for r in runs if " + " in r.model and r.error]
    return lines


def as_dicts(runs: list[LibraryRun]) -> list[dict]:
    return [asdict(r) for r in runs]
