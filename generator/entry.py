"""mcugen's entry point (the `mcugen` script and `python -m generator`). It imports nothing heavy itself: loading
the command line's modules (numpy, the model reader, the kernel catalog) takes about a second, and a Ctrl-C in
that second is the user changing their mind, to be answered like one later on, not with a traceback."""

from __future__ import annotations

from .console import interrupted


def main(argv: list[str] | None = None) -> int:
    try:
        from .cli import main as cli_main
    except KeyboardInterrupt:
        return interrupted()
    return cli_main(argv)
