"""Cores as targets (`mcugen generate --target cortex-m4f`): a library for a core rather than a board. The core
chooses the kernel backends (dsp on Cortex-M4/M7/M33, mve on Cortex-M55, the reference kernels elsewhere:
catalog/backends.py) and the compiler flags the library's toolchain file carries; with no board there is no part
to fit, so the memory is the core's address space."""

from __future__ import annotations

from dataclasses import dataclass

from .boards import Board, load_board
from .errors import McugenError


@dataclass(frozen=True)
class Core:
    cpu: str  # -mcpu
    fpu: str  # -mfpu, "" for none (soft-float ABI)


TARGETS = {
    "cortex-m0plus": Core("cortex-m0plus", ""),
    "cortex-m3": Core("cortex-m3", ""),
    "cortex-m4": Core("cortex-m4", ""),
    "cortex-m4f": Core("cortex-m4", "fpv4-sp-d16"),
    "cortex-m7": Core("cortex-m7", "fpv5-d16"),
    "cortex-m33": Core("cortex-m33", "fpv5-sp-d16"),
    "cortex-m55": Core("cortex-m55", "auto"),  # -mfpu=auto: the FPU and Helium (MVE) that -mcpu names
}
_ADDRESS_SPACE = 0x2000_0000  # the Cortex-M code region's size: no part, so nothing to exceed but the map


def cpu_flags(cpu: str, fpu: str) -> list[str]:
    """The compiler flags of a core: Thumb, the CPU, and its FPU with the hard-float ABI or none with soft."""
    flags = [f"-mcpu={cpu}", "-mthumb"]
    return flags + ([f"-mfpu={fpu}", "-mfloat-abi=hard"] if fpu else ["-mfloat-abi=soft"])


def target_board(target: str | None, board: str | None) -> Board:
    """The board generate works for: --board's (which must have --target's core when both are given), or with
    --target alone a board-less stand-in for the core."""
    if target is None:
        return load_board(board)
    core = TARGETS[target]
    if board is not None:
        chosen = load_board(board)
        if (chosen.cpu, bool(chosen.fpu)) != (core.cpu, bool(core.fpu)):
            fpu = f" with {chosen.fpu}" if chosen.fpu else " without an FPU"
            raise McugenError(
                f"--target {target} is not board {board}'s core ({chosen.cpu}{fpu}); give one of them, or both alike"
            )
        return chosen
    return Board(
        name=target,
        title=f"any {target}",
        cpu=core.cpu,
        fpu=core.fpu,
        flash_origin=0,
        flash_size=_ADDRESS_SPACE,
        ram_origin=0x2000_0000,
        ram_size=_ADDRESS_SPACE,
        stack_size=0,
        uart_driver="",
        uart_base=0,
        systick_hz=0,
        qemu_machine=None,
    )
