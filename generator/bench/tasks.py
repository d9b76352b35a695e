"""One bench configuration (model, board, backend, memory mode) as a self-contained task: it carries the model's
bytes, never a path, so any worker of a Dask cluster can run it, and returns a plain record (a dict).

Each task builds in a folder of its own, made for it and removed after, so two tasks on one machine never share a
project folder, whatever the cluster runs side by side.
"""

from __future__ import annotations

import hashlib
import platform
import time
from dataclasses import asdict, dataclass
from functools import cache
from importlib import metadata

from .. import __version__
from ..paths import ROOT
from .one import BenchResult, bench_one, bench_root
from .workdirs import task_folder

# What a result depends on beside its task's own fields: the generator, its templates, the firmware sources and
# the board descriptions. Any change to one of these files changes every task's cache key.
SOURCE_FOLDERS = ("generator", "templates", "firmware", "boards")


@dataclass(frozen=True)
class BenchTask:
    model: str  # the model's name in reports: a zoo name, or a file's stem
    model_bytes: bytes
    board: str
    backend: str = "reference"
    memory: str = "auto"
    sets: int = 3
    seed: int = 0
    all_ops: bool = False  # also build with every kernel, for the code size comparison

    def title(self) -> str:
        return f"{self.model} on {self.board} ({self.backend} kernels, --memory {self.memory})"


@cache
def sources_hash() -> str:
    """A digest of every source file a result depends on (SOURCE_FOLDERS), and the reference's version."""
    digest = hashlib.sha256()
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(metadata.version("tflite-micro").encode())
    return digest.hexdigest()


def task_key(task: BenchTask) -> str:
    """The content address of a task's result: its model's bytes, board, options, mcugen's version and sources."""
    fields = {k: v for k, v in asdict(task).items() if k not in ("model_bytes",)}
    digest = hashlib.sha256()
    digest.update(hashlib.sha256(task.model_bytes).digest())
    digest.update(repr(sorted(fields.items())).encode())
    digest.update(f"mcugen {__version__} {sources_hash()}".encode())
    return digest.hexdigest()


def run_task(task: BenchTask, expected_sources: str | None = None, step: str = "") -> dict:
    """Generate, build, run and compare one configuration (one.bench_one) in a fresh folder; the record of it.
    `step` ("[i/N] ") prefixes its progress lines.

    `expected_sources` is the submitting side's sources_hash(): a worker with other sources refuses the task
    rather than return figures of other code under this code's cache key."""
    from distributed import get_worker

    start = time.monotonic()
    where = f"{platform.node()}:{get_worker().name}"  # the host, and the worker on it
    if expected_sources is not None and expected_sources != sources_hash():
        record = _record(task, error=f"worker {where} runs other mcugen sources than the client: update it")
        return record | {"seconds": 0.0, "worker": where}
    with task_folder(bench_root().parent / "tasks", f"{task.model}-") as folder:
        model_path = folder / f"{task.model}.tflite"
        model_path.write_bytes(task.model_bytes)
        result = bench_one(
            str(model_path),
            task.board,
            folder,
            sets=task.sets,
            seed=task.seed,
            all_ops=task.all_ops and task.backend == "reference",
            backend=task.backend,
            memory=task.memory,
            step=step,
        )
        record = asdict(result) | {"model": task.model}
    return record | {"seconds": round(time.monotonic() - start, 2), "worker": where}


def _record(task: BenchTask, error: str) -> dict:
    """A record for a task that produced no result (a lost worker, a crash outside mcugen): one row with why."""

    result = BenchResult(task.model, task.board, "", error=error, backend=task.backend, memory=task.memory)
    return asdict(result)


def error_record(task: BenchTask, error: str) -> dict:
    return _record(task, error) | {"seconds": 0.0, "worker": ""}


# The fields that depend on where and when a task ran, not on what it computed.
RUN_FIELDS = ("seconds", "worker", "cached")


def figures(record: dict) -> dict:
    """A record without where and when it ran: equal for equal work."""
    return {k: v for k, v in record.items() if k not in RUN_FIELDS}
