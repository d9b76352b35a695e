"""Task folders: one for each running task under ~/.cache/mcugen/tasks, removed when the task ends. A folder a
killed worker left behind is removed by the next task that starts on that machine: a task holds a lock on its
folder while it runs, and the kernel frees it when the worker dies."""

from __future__ import annotations

import fcntl
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

IN_USE = ".in-use"
# A folder is locked within moments of being made: one older than this and not locked has no task.
ABANDONED_AFTER_SECONDS = 60.0


@contextmanager
def task_folder(root: Path, prefix: str) -> Iterator[Path]:
    root.mkdir(parents=True, exist_ok=True)
    remove_abandoned(root)
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=root))
    with open(folder / IN_USE, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def remove_abandoned(root: Path) -> list[Path]:
    """Removes the folders under `root` no task holds; the removed ones."""
    removed = []
    for folder in root.iterdir():
        try:
            if not folder.is_dir() or time.time() - folder.stat().st_mtime < ABANDONED_AFTER_SECONDS:
                continue
            with open(folder / IN_USE, "a") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
        except OSError:  # BlockingIOError: a running task's; or removed meanwhile by another task's clean-up
            continue
    return removed
