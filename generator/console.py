"""What mcugen says on stderr while it works: every stage may report progress, so this sits on the ground floor
with nothing above it to import."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

INTERRUPTED = 130  # the shell's status for a command ended by SIGINT (128 + 2)
_prefix = ""  # what every progress line starts with, e.g. a bench task's "[3/12] " (a process runs one task)


def progress(message: str) -> None:
    print(f"mcugen: {_prefix}{message}", file=sys.stderr, flush=True)


@contextmanager
def progress_prefix(text: str) -> Iterator[None]:
    """Every progress line inside starts with `text`: the stages a task calls say which task they work for."""
    global _prefix
    before = _prefix
    _prefix = before + text
    try:
        yield
    finally:
        _prefix = before


def interrupted() -> int:
    print("mcugen: interrupted", file=sys.stderr)
    return INTERRUPTED
