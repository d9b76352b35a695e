"""A lock between processes over a shared cache entry (host library, PlatformIO core folder, model zoo), so
parallel test workers or two mcugen commands build each entry once and never see one half-written."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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
