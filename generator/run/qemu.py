"""Runs a firmware ELF in QEMU: inputs into the emulated flash, console from the UART, status from semihosting.

`-icount shift=0,align=off,sleep=off` makes one guest instruction take 1 ns of virtual time, so the board's
tick counter counts instructions (the board JSON records how many per tick) and costs repeat exactly.
A run that does not finish within the timeout is killed and reported with the last console lines it printed.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
from elftools.elf.elffile import ELFFile

from ..boards import Board
from ..emit import IoTensor
from ..errors import McugenError
from .protocol import RunResult, finish, last_lines, pack_inputs

DEFAULT_TIMEOUT = 120.0


def tied_to_caller(cmd: list[str]) -> list[str]:
    """`cmd` run so that it dies with the thread that starts it: an emulator whose caller was killed (a CI job's
    timeout, a killed test worker) would otherwise run on, or wait paused, loading the machine for the next run.
    util-linux's setpriv sets the parent-death signal, then execs; where it is missing the command runs as given."""
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "KILL", "--", *cmd] if setpriv else list(cmd)


def io_region(elf_path: Path) -> tuple[int, int]:
    """The flash addresses where the host may write input sets (docs/protocol.md)."""
    with open(elf_path, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = {s.name: s["st_value"] for s in symtab.iter_symbols() if s.name in ("__mg_io_start", "__mg_io_end")}
    if len(symbols) != 2:
        raise McugenError(f"{elf_path} has no input region (__mg_io_start); was it built by mcugen?")
    return symbols["__mg_io_start"], symbols["__mg_io_end"]


def input_blob(elf: Path, inputs: list[IoTensor], sets: list[list[np.ndarray]]) -> tuple[int, bytes]:
    """The input region's address and contents, checked against the room the board has."""
    start, end = io_region(elf)
    blob = pack_inputs(inputs, sets)
    if len(blob) > end - start:
        raise McugenError(
            f"{len(sets)} input sets need {len(blob)} bytes; the board has room for {end - start}: "
            "use fewer sets per run"
        )
    return start, blob


def no_emulator_message(
    board: Board, emulator: str, project_dir: Path | None = None, command: str | None = None, renode: bool = True
) -> str:
    """One line saying why `board` cannot run under `emulator`, and what to do instead (with the ELF's absolute
    path when the project is known, ready to paste). `command` is the command that runs it once given --port
    (default `mcugen run DIR`, for a project folder that exists); `renode`: the command also takes --emulator."""
    if emulator == "renode" and board.qemu_machine:
        return f"board {board.name} has no Renode script in renode/; run it with --emulator qemu"
    renode = ", or in Renode with --emulator renode (needs `renode` on PATH)" if board.renode and renode else ""
    what = "that QEMU does not emulate" if emulator == "qemu" else "with no Renode script"
    where = Path(project_dir).resolve() if project_dir else "DIR"
    elf = f"{where}/.pio/build/{board.name}/firmware.elf"
    return (
        f"board {board.name} is real hardware {what}: run it on the board with --port, e.g. "
        f"`{command or f'mcugen run {where}'} --port /dev/ttyACM0` (it builds, flashes {elf} with its "
        f"{board.upload_protocol or 'debug'} probe and reads the MCUGEN lines on its serial port at 115200 baud)"
        f"{renode}"
    )


def qemu_command(board: Board, elf: Path, blob_path: Path | None = None, blob_addr: int = 0) -> list[str]:
    if board.qemu_machine is None:
        raise McugenError(no_emulator_message(board, "qemu"))
    qemu = shutil.which("qemu-system-arm")
    if qemu is None:
        raise McugenError("qemu-system-arm not found; install it: apt-get install qemu-system-arm (or `make setup`)")
    cmd = [qemu, *board.qemu_arguments(str(elf))]
    if blob_path is not None:
        cmd += ["-device", f"loader,file={blob_path},addr={blob_addr:#x}"]
    return cmd


def batches(elf: Path, inputs: list[IoTensor], sets: list[list[np.ndarray]]) -> list[list[list[np.ndarray]]]:
    """The input sets split into runs whose inputs fit the board's input region (one set must fit)."""
    start, end = io_region(elf)
    per_set = len(pack_inputs(inputs, sets[:1])) - len(pack_inputs(inputs, [])) if sets else 0
    room = (end - start - len(pack_inputs(inputs, []))) // per_set if per_set else len(sets)
    if sets and room < 1:
        raise McugenError(
            f"one input set needs {per_set} bytes after the firmware image; the board has room for {end - start}"
        )
    return [sets[i : i + room] for i in range(0, len(sets), room)] or [sets]


def run_qemu(
    elf: Path,
    board: Board,
    inputs: list[IoTensor],
    outputs: list[IoTensor],
    sets: list[list[np.ndarray]],
    timeout: float = DEFAULT_TIMEOUT,
    stream: bool = False,
) -> RunResult:
    """Runs every set, in as many QEMU runs as the board's room for inputs needs. A stream (a stateful model's
    steps) must fit one run: a new run would start from the first state again."""
    if board.qemu_machine is None:
        raise McugenError(no_emulator_message(board, "qemu"))
    split = batches(elf, inputs, sets)
    if stream and len(split) > 1:
        raise McugenError(
            f"the {len(sets)} steps of this stateful model's stream do not fit the board's input region at once "
            f"(room for {len(split[0])}); run fewer steps (--random N or a shorter --inputs file)"
        )
    runs = [_run_once(elf, board, inputs, outputs, batch, timeout) for batch in split]
    return RunResult([s for r in runs for s in r.sets], board.instructions_per_tick, "".join(r.console for r in runs))


def _run_once(
    elf: Path,
    board: Board,
    inputs: list[IoTensor],
    outputs: list[IoTensor],
    sets: list[list[np.ndarray]],
    timeout: float,
) -> RunResult:
    start, blob = input_blob(elf, inputs, sets)
    with tempfile.TemporaryDirectory(prefix="mcugen-run-") as tmp:
        blob_path = Path(tmp) / "inputs.bin"
        blob_path.write_bytes(blob)
        cmd = qemu_command(board, elf, blob_path, start)
        try:
            proc = subprocess.run(tied_to_caller(cmd), capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            seen = (exc.stdout or b"").decode("utf-8", "replace")
            raise McugenError(
                f"firmware did not finish within {timeout:g} s in QEMU ({board.qemu_machine}); "
                f"last output: {last_lines(seen)}"
            ) from None
    console = proc.stdout.decode("utf-8", "replace")
    results = finish(console, proc.returncode, outputs, len(sets), proc.stderr.decode("utf-8", "replace"))
    return RunResult(results, board.instructions_per_tick, console)
