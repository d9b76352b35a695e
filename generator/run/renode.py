"""Runs a firmware ELF in Renode (https://renode.io) for boards that have a script in renode/.

Renode cannot be installed from the package registries this project uses, so it is optional: when `renode`
is on PATH, `mcugen run/verify --emulator renode` uses it. A run writes a one-off .resc that includes the
board's script (which creates the machine and loads $bin, like Renode's own scripts), loads the input blob
into flash where QEMU's loader would put it, captures the console UART to a file, and runs for a bounded
virtual time. The host stops Renode as soon as the console shows how the firmware ended: Renode has no
semihosting exit, so the board JSONs for Renode say "exit": "halt" and the status comes from the console.

Costs: the board's Renode platform adds a DWT whose CYCCNT runs at the CPU's PerformanceInMips rate, so one
count is one instruction (the board JSON's renode.instructions_per_tick is 1).
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from ..boards import Board
from ..emit import IoTensor
from ..errors import McugenError
from ..paths import ROOT
from .protocol import RunResult, finish, last_lines
from .qemu import input_blob, no_emulator_message

DEFAULT_TIMEOUT = 300.0
VIRTUAL_TIME_LIMIT = "00:10:00"  # Renode's own bound on emulated time (hh:mm:ss)
RENODE_DIR = ROOT / "renode"
_ENDINGS = ("MCUGEN DONE", "MCUGEN ERROR", "MCUGEN FAULT")


def renode_executable() -> str:
    renode = shutil.which("renode")
    if renode is None:
        raise McugenError(
            "renode not found on PATH; install Renode (https://renode.io: the .deb, .rpm or portable "
            "package) and put `renode` on PATH, or use --emulator qemu on a QEMU board"
        )
    return renode


@functools.cache
def _headless_flag(renode: str) -> str:
    """Renode 1.15 renamed --disable-xwt to --disable-gui; ask the installed one which it knows."""
    try:
        help_text = subprocess.run([renode, "--help"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        help_text = ""
    return "--disable-gui" if "--disable-gui" in help_text else "--disable-xwt"


def run_script(board: Board, elf: Path, blob_path: Path, blob_addr: int, console_path: Path) -> str:
    """The .resc for one run: the board's machine with this firmware, these inputs and a console file."""
    if board.renode is None:
        raise McugenError(no_emulator_message(board, "renode"))
    return "\n".join(
        [
            f":name: mcugen run of {elf.name} on {board.name}",
            f"path add @{RENODE_DIR}",
            f"$bin=@{elf}",
            f"include @{board.renode.script_path}",
            f"sysbus.cpu VectorTableOffset {board.flash_origin:#x}",
            f"sysbus LoadBinary @{blob_path} {blob_addr:#x}",
            f"{board.renode.uart} CreateFileBackend @{console_path} true",
            f'emulation RunFor "{VIRTUAL_TIME_LIMIT}"',
            "quit",
            "",
        ]
    )


def _ended(console: str) -> bool:
    return any(line.startswith(_ENDINGS) for line in console.splitlines())


def run_renode(
    elf: Path,
    board: Board,
    inputs: list[IoTensor],
    outputs: list[IoTensor],
    sets: list[list[np.ndarray]],
    timeout: float = DEFAULT_TIMEOUT,
) -> RunResult:
    if board.renode is None:
        raise McugenError(no_emulator_message(board, "renode"))
    renode = renode_executable()
    start, blob = input_blob(elf, inputs, sets)
    with tempfile.TemporaryDirectory(prefix="mcugen-renode-") as tmp:
        tmp_path = Path(tmp)
        blob_path, console_path, script_path = tmp_path / "inputs.bin", tmp_path / "console.txt", tmp_path / "run.resc"
        blob_path.write_bytes(blob)
        script_path.write_text(run_script(board, Path(elf).resolve(), blob_path, start, console_path))
        cmd = [renode, _headless_flag(renode), "--console", "--plain", "-e", f"include @{script_path}"]
        with open(tmp_path / "renode.log", "wb") as log:
            # stdin stays an open pipe: the console monitor must not see end-of-file and quit early.
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT, cwd=tmp)
            deadline = time.monotonic() + timeout
            console = ""
            try:
                while True:
                    console = console_path.read_text(errors="replace") if console_path.exists() else ""
                    if _ended(console) or proc.poll() is not None:
                        break
                    if time.monotonic() > deadline:
                        raise McugenError(
                            f"firmware did not finish within {timeout:g} s in Renode; last output: "
                            f"{last_lines(console)}"
                        )
                    time.sleep(0.2)
                time.sleep(0.2)  # let the last line reach the file
                console = console_path.read_text(errors="replace") if console_path.exists() else console
            finally:
                proc.kill()
                proc.wait()
        log_text = (tmp_path / "renode.log").read_text(errors="replace")
    if not console:
        raise McugenError(f"Renode printed nothing on {board.renode.uart}; its log ends: {last_lines(log_text)}")
    status = 0 if "MCUGEN DONE" in console else 1
    results = finish(console, status, outputs, len(sets), log_text)
    return RunResult(results, board.renode.instructions_per_tick, console)
