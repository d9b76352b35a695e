"""mcugen bench: runs models end to end on boards and writes docs/benchmarks.md beside TFLite Micro's figures.

For each model and board: generate, build, run a few random sets in QEMU, compare with the reference, and
record flash, code, RAM, arena, lower bound, runtime metadata, stack high-water mark and instructions per
inference; also the all-kernels build's code size and TFLite Micro's own planned arena on the host; and on the
first board what the rewrite stage saves (rewrites.py) and the arenas below the per-layer bound (memory.py); and
the firmware of three models on two boards (multi.py). Each model-board-kernels run of the matrix is a task
(tasks.py) on a Dask cluster (engine.py), in a folder of its own, its result cached (cache.py).
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..build import build
from ..catalog.backends import choose_backends
from ..compare import compare
from ..errors import McugenError
from ..locking import exclusive, project_lock
from ..measure import measure
from ..paths import ROOT, cache_root
from ..pipeline import build_and_run, generate, load_model, progress, random_sets
from ..plan.nodes import node_rows
from ..reference.fallback import reference_with_fallback
from .memory import MemoryRun, bench_memory
from .multi import MULTI_MODELS, MultiRun, bench_multi
from .rewrites import REWRITE_FIXTURES, RewriteRun, bench_rewrites

# Beside the zoo, two of the repository's converter-made fixtures (docs/testing.md) for the ops the zoo lacks:
# 16-bit activations with 8-bit weights, and TRANSPOSE_CONV.
FIXTURE_MODELS = [str(ROOT / "tests" / "fixtures" / f"{name}.tflite") for name in ("kws_int16x8", "autoencoder_int8")]
DEFAULT_MODELS = [*zoo.NAMES, *FIXTURE_MODELS]


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


def tflm_planned_arena(model_path: Path) -> int | None:
    """TFLite Micro's non-persistent ("head") arena on the host: the part its planner places."""
    script = (
        "from tflite_micro.python.tflite_micro import runtime\n"
        f"runtime.Interpreter.from_file({str(model_path)!r}, arena_size=64 << 20).print_allocations()\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    match = re.search(r"Arena allocation head (\d+) bytes", proc.stderr + proc.stdout)
    return int(match.group(1)) if match else None


def _bench_root() -> Path:
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
        project, the_plan = generate(path, board, workdir, backend=backend, memory=memory)
        result.backends_used = "+".join(the_plan.backends[::-1])
        result.macs = sum(r["macs"] for r in node_rows(the_plan))
        inputs = random_sets(project.inputs, sets, seed)
        _, size, run = build_and_run(project, board, inputs)
        progress(
            f"{step}running the TFLite Micro reference (LiteRT's if it refuses the model) on the same {sets} set(s)"
        )
        # TFLite Micro, or LiteRT's reference kernels for a float model TFLite Micro refuses (float16 weights)
        expected, _ = reference_with_fallback(load_model(path), inputs, len(project.outputs))
        verdict = compare([s.outputs for s in run.sets], expected)
        result.match, result.sets = verdict.match, sets
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
                generate(path, board, all_ops_dir, resolver="all", backend="reference")
                result.code_all_ops = measure(build(all_ops_dir).elf).code
    except McugenError as exc:
        result.error = str(exc).splitlines()[0]
    return result


def run_bench(
    models: list[str],
    boards: list[str],
    sets: int = 3,
    all_ops: bool = True,
    memory: str = "auto",
    workers: int | None = None,
    scheduler: str | None = None,
    force: bool = False,
) -> list[BenchResult]:
    """Each model on each board with the reference kernels, and again with the board's optimized backends
    (--backend auto) where its core has any; `memory` is the --memory choice. Each run is a task on a Dask
    cluster (engine.py: `workers` local processes, or the cluster at `scheduler`), its result cached unless `force`."""
    from .engine import run_tasks
    from .tasks import BenchTask, figures

    tasks = []
    for b in boards:
        optimized = choose_backends("auto", load_board(b).cpu) != ["reference"]
        for m in models:
            name, model_bytes = Path(m).stem, zoo.resolve(m).read_bytes()
            tasks.append(BenchTask(name, model_bytes, b, "reference", memory, sets, 0, all_ops and b == boards[0]))
            if optimized:
                tasks.append(BenchTask(name, model_bytes, b, "auto", memory, sets, 0, False))
    return [BenchResult(**figures(r)) for r in run_tasks(tasks, workers, scheduler, force)]


def run_rewrites(models: list[str], board: str, sets: int = 3) -> list[RewriteRun]:
    """Each model as given and rewritten on `board`; the default models with the rewrite fixtures."""
    chosen = [*models, *REWRITE_FIXTURES] if models == DEFAULT_MODELS else models
    with exclusive(_bench_root().parent / "bench.lock"):
        return bench_rewrites(chosen, board, _bench_root(), sets)


def run_memory(models: list[str], board: str, sets: int = 3, results=()) -> list[MemoryRun]:
    """Each model under every --memory mode on `board`, with the reference and the board's optimized kernels."""
    backends = ["reference"] + (["auto"] if choose_backends("auto", load_board(board).cpu) != ["reference"] else [])
    with exclusive(_bench_root().parent / "bench.lock"):
        return bench_memory(models, board, backends, sets, _bench_root(), results)


def run_multi(models: list[str], sets: int = 3, results=()) -> list[MultiRun]:
    """The three-model firmware on each of multi.MULTI_BOARDS, when the three are among `models`."""
    if not set(MULTI_MODELS) <= {Path(m).stem for m in models}:
        return []
    with exclusive(_bench_root().parent / "bench.lock"):
        return bench_multi(sets, _bench_root(), results)


def as_dicts(results: list[BenchResult]) -> list[dict]:
    return [asdict(r) for r in results]
