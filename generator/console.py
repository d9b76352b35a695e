"""What mcugen says on stderr while it works: every stage may report progress, so this sits on the ground floor
with nothing above it to import."""

from __future__ import annotations

import sys

INTERRUPTED = 130  # the shell's status for a command ended by SIGINT (128 + 2)


def progress(message: str) -> None:
    print(f"mcugen: {message}", file=sys.stderr, flush=True)


def interrupted() -> int:
    print("mcugen: interrupted", file=sys.stderr)
    return INTERRUPTED
