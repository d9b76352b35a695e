"""mcugen bench: runs models end to end on boards and writes docs/benchmarks.md beside TFLite Micro's figures.

For each model and board: generate, build, run a few random sets in QEMU, compare with the reference, and
record flash, code, RAM, arena, lower bound, runtime metadata, stack high-water mark and instructions per
inference; also the all-kernels build's code size and TFLite Micro's own planned arena on the host; and on the
first board what the rewrite stage saves (rewrites.py) and the arenas below the per-layer bound (memory.py); the
firmware of three models on two boards (multi.py); every bundled model, and three in one, as a library in an
application of our own (library.py); and the keyword spotter streamed from raw audio (audio_stream.py). Each
model-board-kernels run of the matrix is a task (tasks.py) on a Dask cluster (engine.py), in a folder of its own,
its result cached (cache.py).
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from .. import zoo
from ..boards import load_board
from ..catalog.backends import choose_backends
from ..console import progress
from ..errors import McugenError
from ..locking import exclusive
from ..paths import ROOT
from .memory import MemoryRun, bench_memory, memory_boards
from .multi import MULTI_MODELS, MultiRun, bench_multi
from .one import BenchResult, bench_root
from .rewrites import REWRITE_FIXTURES, RewriteRun, bench_rewrites

# Beside the zoo, two of the repository's converter-made fixtures (docs/testing.md) for the ops the zoo lacks:
# 16-bit activations with 8-bit weights, and TRANSPOSE_CONV.
FIXTURE_MODELS = [str(ROOT / "tests" / "fixtures" / f"{name}.tflite") for name in ("kws_int16x8", "autoencoder_int8")]
DEFAULT_MODELS = [*zoo.NAMES, *FIXTURE_MODELS]
# TFLite Micro's own example and benchmark models, beside their TFLM figures (docs/baselines.md: Cortex-M4), on the
# Cortex-M4 and Cortex-M55 boards only.
TFLM_BOARDS = ("mps2-an386", "mps3-an547")


def tflm_models() -> tuple[str, ...]:
    """TFLite Micro's own models for the default matrix, or none (with one line saying why) when they cannot be
    fetched: the rest of the bench still runs."""
    try:
        for name in zoo.TFLM_MODELS:
            zoo.fetch(name)
    except McugenError as exc:
        progress(f"TFLite Micro's own models left out: {exc}")
        return ()
    return tuple(zoo.TFLM_MODELS)


def run_bench(
    models: list[str],
    boards: list[str],
    sets: int = 3,
    all_ops: bool = True,
    memory: str = "auto",
    workers: int | None = None,
    scheduler: str | None = None,
    force: bool = False,
    tflm: tuple[str, ...] = (),
) -> list[BenchResult]:
    """Each model on each board with the reference kernels, and again with the board's optimized backends
    (--backend auto) where its core has any, and the `tflm` models on TFLM_BOARDS; `memory` is the --memory
    choice. Each run is a task on a Dask cluster (engine.py: `workers` local processes, or the cluster at
    `scheduler`), its result cached unless `force`."""
    from .engine import run_tasks
    from .tasks import BenchTask, figures

    tasks = []
    for b in boards:
        optimized = choose_backends("auto", load_board(b).cpu) != ["reference"]
        for m in [*models, *(tflm if b in TFLM_BOARDS else ())]:
            name, model_bytes = Path(m).stem, zoo.resolve(m).read_bytes()
            tasks.append(BenchTask(name, model_bytes, b, "reference", memory, sets, 0, all_ops and b == boards[0]))
            if optimized:
                tasks.append(BenchTask(name, model_bytes, b, "auto", memory, sets, 0, False))
    return [BenchResult(**figures(r)) for r in run_tasks(tasks, workers, scheduler, force)]


def run_rewrites(models: list[str], board: str, sets: int = 3) -> list[RewriteRun]:
    """Each model as given and rewritten on `board`; the default models with the rewrite fixtures."""
    chosen = [*models, *REWRITE_FIXTURES] if models == DEFAULT_MODELS else models
    with exclusive(bench_root().parent / "bench.lock"):
        return bench_rewrites(chosen, board, bench_root(), sets)


def run_memory(models: list[str], boards: list[str], sets: int = 3, results=()) -> list[MemoryRun]:
    """Each model under every --memory mode on each of memory.memory_boards(boards), with the reference and the
    board's optimized kernels."""
    runs = []
    with exclusive(bench_root().parent / "bench.lock"):
        for board in memory_boards(boards):
            optimized = choose_backends("auto", load_board(board).cpu) != ["reference"]
            backends = ["reference"] + (["auto"] if optimized else [])
            runs += bench_memory(models, board, backends, sets, bench_root(), results)
    return runs


def run_multi(models: list[str], sets: int = 3, results=()) -> list[MultiRun]:
    """The three-model firmware on each of multi.MULTI_BOARDS, when the three are among `models`."""
    if not set(MULTI_MODELS) <= {Path(m).stem for m in models}:
        return []
    with exclusive(bench_root().parent / "bench.lock"):
        return bench_multi(sets, bench_root(), results)


def run_audio_stream(models: list[str], boards: list[str]) -> list:
    """examples/kws_from_audio streamed on each of its boards among `boards`, in a bench of the default models.
    (Imported here, so that `python -m generator.bench.audio_stream` finds the module not yet imported.)"""
    from .audio_stream import BOARDS, bench_audio_streams

    if models != DEFAULT_MODELS or not set(BOARDS) & set(boards):
        return []
    with exclusive(bench_root().parent / "bench.lock"):
        return bench_audio_streams(bench_root(), boards)


def run_library(models: list[str], boards: list[str], results=()) -> list:
    """Every bundled model as a library, and the several-model library, on library.LIBRARY_BOARDS among `boards`,
    in a bench of the default models."""
    from .library import LIBRARY_BOARDS, bench_library

    if models != DEFAULT_MODELS or not set(LIBRARY_BOARDS) <= set(boards):
        return []
    with exclusive(bench_root().parent / "bench.lock"):
        return bench_library(bench_root(), results)


def as_dicts(results: list[BenchResult]) -> list[dict]:
    return [asdict(r) for r in results]
