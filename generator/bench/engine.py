"""Runs bench tasks (tasks.BenchTask) on a Dask cluster: by default an embedded LocalCluster of one worker process
per core, or an existing cluster given by its scheduler's address. Records come back in the tasks' order; each one
is also handed to `on_record` as it finishes, so a report grows while the run goes on.

A task that raises, or whose worker dies more often than the scheduler allows, is one record with its error; a
worker lost mid-task has its tasks run again elsewhere by the scheduler. Ctrl-C cancels every task not yet done.
"""

from __future__ import annotations

import logging
import os
import signal
import uuid
from collections.abc import Callable
from contextlib import contextmanager

from ..build import BUILD_JOBS_VARIABLE
from ..console import progress
from ..errors import McugenError
from . import cache
from .tasks import BenchTask, error_record, run_task, sources_hash, task_key

CONNECT_TIMEOUT = "20s"


def verdict(record: dict) -> str:
    if record.get("error"):
        return f"error: {record['error']}"
    return "match" if record.get("match") else "MISMATCH"


@contextmanager
def _client(workers: int | None, scheduler: str | None):
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise McugenError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        with client:
            yield client
        return
    count = workers or os.cpu_count() or 1
    # each worker's builds compile on its share of the cores, so N workers' builds do not crowd each other
    jobs = max(1, (os.cpu_count() or 1) // count)
    # processes, not threads: a task spends its time in PlatformIO, QEMU and the reference interpreter
    cluster = LocalCluster(
        n_workers=count,
        threads_per_worker=1,
        processes=True,
        env={BUILD_JOBS_VARIABLE: str(jobs)},
        dashboard_address="127.0.0.1:0",  # its diagnostics page, on a free port of this machine only
        silence_logs=logging.ERROR,
    )
    with cluster, Client(cluster) as client:
        client.run(_stop_on_sigint)
        yield client


def _stop_on_sigint() -> None:
    """Run in each local worker's main thread. Ctrl-C reaches every process of the terminal's group: a worker then
    ends at once, without a traceback, and so do the builds and QEMU runs it started (they inherit this); the
    client cancels what is left and closes the cluster."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_tasks(
    tasks: list[BenchTask],
    workers: int | None = None,
    scheduler: str | None = None,
    force: bool = False,
    on_record: Callable[[int, dict], None] | None = None,
) -> list[dict]:
    """Every task's record, in the tasks' order; cached records unless `force`."""
    total = len(tasks)
    records: list[dict | None] = [None] * total
    done = 0

    def finish(index: int, record: dict, note: str) -> None:
        nonlocal done
        done += 1
        records[index] = record
        if not record.get("cached") and not record.get("error"):
            cache.store(keys[index], record)
        progress(f"[{done}/{total}] {tasks[index].title()}: {verdict(record)} ({note})")
        if on_record:
            on_record(index, record)

    keys = [task_key(t) for t in tasks]
    pending = []
    for i, key in enumerate(keys):
        cached = None if force else cache.load(key)
        if cached is not None:
            finish(i, cached | {"cached": True}, "cached: inputs unchanged, --force runs it again")
        else:
            pending.append(i)
    if pending:
        _run_on_cluster(tasks, pending, keys, workers, scheduler, finish)
    return records


def _run_on_cluster(tasks, pending, keys, workers, scheduler, finish) -> None:
    from distributed import as_completed

    run_id = uuid.uuid4().hex[:8]  # two runs of one task on one cluster are two tasks
    with _client(workers, scheduler) as client:
        where = scheduler or f"{len(client.scheduler_info()['workers'])} local worker process(es)"
        progress(f"running {len(pending)} task(s) on {where}")
        futures = {
            client.submit(
                run_task,
                tasks[i],
                sources_hash(),
                f"[{n}/{len(pending)}] ",
                key=f"mcugen-bench-{keys[i][:16]}-{run_id}",
                pure=False,
            ): i
            for n, i in enumerate(pending, 1)
        }
        try:
            for future in as_completed(futures):
                i = futures[future]
                if future.status == "finished":
                    record = future.result()
                    finish(i, record | {"cached": False}, f"{record['seconds']:.1f} s on {record['worker']}")
                else:
                    finish(i, error_record(tasks[i], _failure(future)) | {"cached": False}, "failed")
        except KeyboardInterrupt:
            _quiet_teardown()
            client.cancel(list(futures), force=True)
            raise


def _quiet_teardown() -> None:
    """After Ctrl-C the workers are gone on purpose: the client's connections to them then fail while the cluster
    closes, and distributed, tornado and asyncio would log each as a traceback (seen on an idle machine, where the
    workers die before the client stops writing to them)."""
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _failure(future) -> str:
    """Why a task has no record: its exception's first line (KilledWorker when its workers kept dying), or that
    the scheduler cancelled it."""
    if future.status != "error":
        return f"the cluster {future.status} the task"
    exc = future.exception()
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
