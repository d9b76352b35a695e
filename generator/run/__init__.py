"""run: firmware + input sets -> outputs and deterministic costs.

In QEMU (qemu.py) the input sets go into the emulated flash right after the firmware image (QEMU's generic
loader); the firmware prints costs and outputs over the UART and leaves through semihosting with its exit
status. Under `-icount shift=0` one instruction takes 1 ns, so SysTick counts are instruction counts.
Renode (renode.py) runs the boards that have a script in renode/, when `renode` is installed.
host.py runs the same generated sources compiled for the build machine, for fast kernel tests.
On a real board, serial.py reads the run from the board's serial port (flash.py flashes it).
"""

from __future__ import annotations

from ..errors import McugenError
from .host import build_host, run_host
from .protocol import RunResult, SetResult, pack_inputs
from .qemu import no_emulator_message, run_qemu
from .renode import renode_executable, run_renode

EMULATORS = ("qemu", "renode")
EMULATOR_TITLES = {"qemu": "QEMU", "renode": "Renode"}


def check_emulator(board, emulator: str, project_dir=None, command: str | None = None) -> None:
    """Fails early (before a build) when `board` cannot run under `emulator` here; `command`: what the message
    advises running with --port (no_emulator_message)."""
    if emulator not in EMULATORS:
        raise McugenError(f"unknown emulator '{emulator}'; choose one of: {', '.join(EMULATORS)}")
    if emulator not in board.emulators:
        raise McugenError(no_emulator_message(board, emulator, project_dir, command))
    if emulator == "renode":
        renode_executable()


def run_firmware(
    elf, board, inputs, outputs, sets, emulator: str = "qemu", stream: bool = False, **kwargs
) -> RunResult:
    """`stream`: the sets are a stateful model's steps, which one run must hold (Renode always runs them at once)."""
    check_emulator(board, emulator)
    if emulator == "qemu":
        return run_qemu(elf, board, inputs, outputs, sets, stream=stream, **kwargs)
    return run_renode(elf, board, inputs, outputs, sets, **kwargs)


__all__ = [
    "EMULATORS",
    "EMULATOR_TITLES",
    "RunResult",
    "SetResult",
    "build_host",
    "check_emulator",
    "no_emulator_message",
    "pack_inputs",
    "run_firmware",
    "run_host",
    "run_qemu",
    "run_renode",
]
