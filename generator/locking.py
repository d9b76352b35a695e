"""Locks between processes: over a shared cache entry (host library, PlatformIO core folder, model zoo), so
parallel test workers or two mcugen commands build each entry once and never see one half-written; and over a
project folder, so two runs given the same folder (the same -o, or one model and board's default cache folder)
take turns instead of regenerating and building it under each other (one run's `pio run` deleting the objects
the other links, a run reading the outputs of the other's firmware)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import IO

from .paths import cache_root, default_project_dir

# The project folders this process holds, with how deep: the pipeline's stages lock the folder they use, and a
# command (or verify, from generate to the end of its run) holds it across them. A second flock of the same file
# from this process, on a new open file, would wait for itself.
_held: dict[Path, int] = {}


@contextmanager
def exclusive(lock_file: Path) -> Iterator[None]:
    """Holds an exclusive advisory lock on `lock_file` (created if absent); the kernel frees it if we die."""
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_file, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def project_lock_file(folder: Path) -> Path:
    """In mcugen's cache, named after the folder's absolute path: not in the folder (generating swaps in a new
    folder, emit/project.py, which would take a lock file inside along with the old one) nor beside it (a run
    refused for a bad model must leave no new folder or file behind, and the parent may not be writable)."""
    folder = Path(folder).resolve()
    digest = hashlib.sha256(os.fsencode(folder)).hexdigest()[:20]
    return cache_root() / "locks" / f"{folder.name}-{digest}.lock"


def _take(lock_file: Path, folder: Path) -> IO | None:
    """The lock file, opened and locked; None where it cannot be made (a cache folder this user cannot write: the
    command goes on unlocked). The holder deletes it when done, so a run that waited on the deleted file takes the
    new one instead."""
    told = False
    while True:
        try:
            lock_file.parent.mkdir(parents=True, exist_ok=True)
            fh = open(lock_file, "a")
        except OSError:
            return None
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not told:
                print(
                    f"mcugen: waiting for another mcugen run using {folder} to finish (lock {lock_file})",
                    file=sys.stderr,
                    flush=True,
                )
                told = True
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            if os.path.samestat(os.fstat(fh.fileno()), os.stat(lock_file)):
                return fh
        except FileNotFoundError:
            pass
        fh.close()


@contextmanager
def project_lock(folder: Path) -> Iterator[None]:
    """Holds `folder` for this run: another mcugen run using it waits, saying so on stderr, until this one ends
    (or dies: the kernel frees the lock). Re-entrant within this process."""
    folder = Path(folder).resolve()
    if folder in _held:
        _held[folder] += 1
        try:
            yield
        finally:
            _held[folder] -= 1
        return
    lock_file = project_lock_file(folder)
    fh = _take(lock_file, folder)
    _held[folder] = 1
    try:
        yield
    finally:
        del _held[folder]
        if fh is not None:
            lock_file.unlink(missing_ok=True)  # while still held: see _take
            fh.close()


def command_lock(args) -> AbstractContextManager:
    """The lock a command line holds from start to end: on the project folder it names (build, test, run and
    flash's PROJECT, generate and verify's -o), or that `plan --run` and verify use by default; none for commands
    that write no project folder."""
    project = getattr(args, "project", None)
    if project is not None:  # a folder that is no project is refused by the command; no lock folder is made for it
        return project_lock(project) if Path(project).is_dir() else nullcontext()
    folder = getattr(args, "output", None)
    models = getattr(args, "model", None)
    model = models[0] if isinstance(models, list) and len(models) == 1 else None  # several: verify locks its own
    if folder is None and isinstance(model, Path) and model.is_file() and getattr(args, "board", None):
        if args.command == "verify" or getattr(args, "run", False):
            folder = default_project_dir(model, args.board)
    return project_lock(folder) if folder is not None else nullcontext()
