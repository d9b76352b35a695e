"""The mcugen command line: the parser (parser.py) and thin wiring of the pipeline, each command a call into it
and a report. Errors print one line and exit 2."""

from __future__ import annotations

import os
import sys

from .. import zoo
from ..console import interrupted
from ..errors import McugenError
from ..locking import command_lock
from .checks import check_combinations
from .commands import (
    cmd_bench,
    cmd_build,
    cmd_doctor,
    cmd_flash,
    cmd_generate,
    cmd_ops,
    cmd_run,
    cmd_size,
    cmd_test,
    cmd_zoo,
)
from .parser import parser
from .plan import cmd_plan
from .verify import cmd_verify

COMMANDS = {
    "ops": cmd_ops,
    "generate": cmd_generate,
    "build": cmd_build,
    "test": cmd_test,
    "run": cmd_run,
    "flash": cmd_flash,
    "verify": cmd_verify,
    "plan": cmd_plan,
    "doctor": cmd_doctor,
    "bench": cmd_bench,
    "size": cmd_size,
    "zoo": cmd_zoo,
}


def _os_error_message(exc: OSError) -> str:
    where = exc.filename or ""
    what = exc.strerror or str(exc)
    return f"cannot use {where}: {what}" if where else what


def _run(argv: list[str] | None) -> int:
    try:
        args = parser(COMMANDS).parse_args(argv)
    except SystemExit as exc:  # --help, --version or a usage error, already printed
        return exc.code
    try:
        check_combinations(args)
        if isinstance(getattr(args, "model", None), list):  # one model or several: a list either way
            args.model = [zoo.resolve(m) for m in args.model]
        elif getattr(args, "model", None) is not None:
            args.model = zoo.resolve(args.model)
        with command_lock(args):  # one run at a time in a project folder
            return args.func(args)
    except McugenError as exc:
        print(f"mcugen: error: {exc}", file=sys.stderr)
        return exc.exit_code


def main(argv: list[str] | None = None) -> int:
    try:
        status = _run(argv)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # the reader (e.g. `head`) has what it wanted: stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # e.g. a location that cannot be written
        print(f"mcugen: error: {_os_error_message(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return interrupted()
