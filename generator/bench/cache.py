"""The result cache: a task's record stored under its content address (tasks.task_key), so a task whose model,
board, options, mcugen version and sources did not change is not run again (`--force` runs it anyway).

Only records of a task that ran to its verdict are kept (a match or a mismatch); an error may be passing (a full
disk, a lost worker) and is tried again next time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .. import paths


def cache_root() -> Path:
    return paths.cache_root() / "results"


def load(key: str) -> dict | None:
    try:
        return json.loads((cache_root() / f"{key}.json").read_text())
    except (OSError, ValueError):  # absent, or unreadable: the task runs
        return None


def store(key: str, record: dict) -> None:
    if record.get("error"):
        return
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    staged = root / f".{key}.{os.getpid()}.tmp"
    staged.write_text(json.dumps(record, sort_keys=True))
    staged.replace(root / f"{key}.json")  # whole or absent, for a reader in another process
