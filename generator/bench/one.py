"""One configuration of the bench matrix (a model on a board with one kernel choice and memory mode): generated,
built, run in QEMU and compared with the reference in the folder it is given; a task of the Dask engine
(tasks.py) runs it."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..build import build
from ..console import progress_prefix
from ..errors import McugenError
from ..locking import project_lock
from ..measure import measure
from ..paths import cache_root
from ..pipeline import InputChoice, Options, generate, progress, verify
from ..plan.nodes import node_rows, reference_macs


@dataclass
class BenchResult:
    model: str
    board: str
    core: str
    error: str | None = None
    match: bool = False
    sets: int = 0
    flash: int = 0
    code: int = 0
    model_bytes: int = 0
    ram: int = 0
    arena: int = 0
    lower_bound: int = 0
    metadata: int = 0
    stack_used: int = 0
    stack_reserve: int = 0
    cost: int = 0
    code_all_ops: int | None = None
    tflm_head: int | None = None
    backend: str = "reference"  # the --backend choice of this run
    backends_used: str = ""  # the backends that served nodes, e.g. "dsp+reference"
    macs: int = 0
    memory: str = "auto"  # the --memory choice of this run
    # with an optimized backend: the share of MACs left on the reference kernels (plan.nodes.reference_macs)
    reference_mac_share: float | None = None


def tflm_planned_arena(model_path: Path) -> int | None:
    """TFLite Micro's non-persistent ("head") arena on the host: the part its planner places."""
    script = (
        "from tflite_micro.python.tflite_micro import runtime\n"
        f"runtime.Interpreter.from_file({str(model_path)!r}, arena_size=64 << 20).print_allocations()\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    match = re.search(r"Arena allocation head (\d+) bytes", proc.stderr + proc.stdout)
    return int(match.group(1)) if match else None


def bench_root() -> Path:
    return cache_root() / "bench"


def _workdir(model: str, board: str, suffix: str, root: Path) -> Path:
    return root / f"{Path(model).stem}-{board}{suffix}"


def bench_one(
    model: str,
    board_name: str,
    root: Path,
    sets: int = 3,
    seed: int = 0,
    all_ops: bool = True,
    backend: str = "reference",
    step: str = "",
    memory: str = "auto",
) -> BenchResult:
    """One model on one board, its projects in `root` (a folder of its own: tasks.run_task); `step` ("[i/N] ")
    prefixes its progress lines."""
    board = load_board(board_name)
    result = BenchResult(Path(model).stem, board_name, board.cpu, backend=backend, memory=memory)
    try:
        path = zoo.resolve(model)
        progress(f"{step}bench {result.model} on {board_name} ({backend} kernels)")
        workdir = _workdir(model, board_name, f"-{backend}", root)
        options = Options(board, backend=backend, memory=memory)
        with progress_prefix(step):
            v = verify([path], options, workdir, InputChoice(count=sets, seed=seed))
        the_plan, size, run = v.models[0].part.plan, v.size, v.run
        result.backends_used = "+".join(the_plan.backends[::-1])
        rows = node_rows(the_plan)
        result.macs = sum(r["macs"] for r in rows)
        on_reference = reference_macs(the_plan, rows)
        result.reference_mac_share = None if on_reference is None else on_reference["mac_share"]
        result.match, result.sets = v.match, sets
        result.flash, result.code, result.model_bytes, result.ram = size.flash, size.code, size.model, size.ram
        result.arena, result.lower_bound, result.metadata = the_plan.arena_size, the_plan.lower_bound, size.metadata
        result.stack_used, result.stack_reserve = run.stack_used, size.stack
        result.cost = max(run.instructions(s.ticks) for s in run.sets)
        if backend == "reference":
            progress(f"{step}measuring TFLite Micro's planned arena on the host")
            result.tflm_head = tflm_planned_arena(path)
        if all_ops and backend == "reference":
            progress(f"{step}building with every kernel (--resolver all) for the code size comparison")
            all_ops_dir = _workdir(model, board_name, "-all", root)
            with project_lock(all_ops_dir):  # generated and built as one step
                generate([path], Options(board, backend="reference", resolver="all"), all_ops_dir)
                result.code_all_ops = measure(build(all_ops_dir).elf).code
    except McugenError as exc:
        result.error = str(exc).splitlines()[0]
    return result
