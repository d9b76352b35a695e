"""Board definitions: one JSON per board in boards/, read by PlatformIO (build, upload) and by mcugen.

The "mcugen" section of each JSON holds what PlatformIO does not know (docs/boards.md lists every key):
the memory map, the stack reserve, the console UART, the tick source and its rate, how the firmware exits,
and how to emulate the board (QEMU machine and arguments, Renode script).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .errors import McugenError, did_you_mean
from .paths import BOARDS, ROOT
from .units import nbytes

TICK_SOURCES = ("systick", "dwt")
EXITS = ("semihosting", "halt")


@dataclass(frozen=True)
class RenodeTarget:
    script: str  # .resc under renode/, creates the machine (no firmware loaded)
    uart: str  # the console peripheral, e.g. "sysbus.usart2"
    instructions_per_tick: float  # the script sets the tick counter's rate against the CPU's MIPS

    @property
    def script_path(self):
        return ROOT / self.script


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    cpu: str  # -mcpu value
    fpu: str  # -mfpu value, "" without an FPU
    flash_origin: int
    flash_size: int
    ram_origin: int
    ram_size: int
    stack_size: int
    uart_driver: str  # boards/startup/uart_<driver>.c
    uart_base: int
    systick_hz: int
    qemu_machine: str | None
    ticks_per_second: int = 0  # the tick source's rate on real silicon (core clock for DWT)
    tick_source: str = "systick"  # "systick" (SysTick on the processor clock) or "dwt" (CYCCNT)
    exit: str = "semihosting"  # "semihosting" (QEMU) or "halt" (hardware, Renode)
    qemu_instructions_per_tick: float | None = None  # measured under -icount shift=0 (1 instruction = 1 ns)
    qemu_args: tuple[str, ...] = ()
    renode: RenodeTarget | None = None
    upload_protocol: str | None = None  # PlatformIO upload_protocol for real boards
    defines: dict[str, str] = field(default_factory=dict)  # -D flags for the startup code and UART driver

    @property
    def instructions_per_tick(self) -> float:
        """Instructions per tick under QEMU's -icount shift=0 (one instruction takes 1 ns), from the JSON;
        a board without a QEMU machine falls back to 1e9 / the tick rate."""
        if self.qemu_instructions_per_tick:
            return self.qemu_instructions_per_tick
        return 1e9 / (self.ticks_per_second or self.systick_hz)

    @property
    def emulators(self) -> list[str]:
        return [e for e, ok in (("qemu", self.qemu_machine), ("renode", self.renode)) if ok]

    def check_fit(self, flash: int, ram: int, before_build: bool) -> None:
        """The one fit check: before the build `flash` is the model's bytes and `ram` the arena and stack (what
        the plan knows), after it the firmware's flash and RAM as measured in the ELF."""
        if flash <= self.flash_size and ram <= self.ram_size:
            return
        if before_build:
            need = (
                f"the model needs {nbytes(flash)} of {nbytes(self.flash_size)} flash, the arena and stack "
                f"{nbytes(ram)} of {nbytes(self.ram_size)} RAM (before code and runtime)"
            )
        else:
            need = (
                f"the firmware needs {nbytes(flash)} of {nbytes(self.flash_size)} flash and {nbytes(ram)} of "
                f"{nbytes(self.ram_size)} RAM"
            )
        raise McugenError(f"{self.name} is too small for this model: {need}; choose a bigger board or a smaller model")

    def qemu_arguments(self, elf: str) -> list[str]:
        """What follows `qemu-system-arm` to run `elf` on this board, for `mcugen run` and for `pio test`:
        -icount shift=0 makes one instruction take 1 ns (costs in instructions), semihosting carries the exit
        status, the UART is the console."""
        return [
            "-M",
            self.qemu_machine,
            *self.qemu_args,
            "-nographic",
            "-monitor",
            "none",
            "-serial",
            "stdio",
            "-icount",
            "shift=0,align=off,sleep=off",
            "-semihosting-config",
            "enable=on,target=native",
            "-kernel",
            elf,
        ]

    def build_flags(self) -> list[str]:
        """The -D flags the generated platformio.ini passes for this board."""
        flags = [f"-DMG_UART_BASE={self.uart_base:#010x}u"]
        if self.tick_source == "dwt":
            flags.append("-DMG_TICKS_DWT=1")
        if self.exit == "halt":
            flags.append("-DMG_EXIT_HALT=1")
        flags += [f"-D{k}={v}" for k, v in self.defines.items()]
        return flags


def board_names() -> list[str]:
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def _define_value(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return f"{value}u"
    return str(value)


def _int(value) -> int:
    """Addresses and sizes: JSON integers, or strings such as "0x20000000" for readability."""
    return int(value, 0) if isinstance(value, str) else int(value)


def load_board(name: str) -> Board:
    path = BOARDS / f"{name}.json"
    if not path.is_file():
        raise McugenError(
            f"unknown board '{name}'{did_you_mean(name, board_names())}; choose one of: {', '.join(board_names())}"
        )
    data = json.loads(path.read_text())
    try:
        m, build = data["mcugen"], data["build"]
        mem, uart = m["memory"], m["uart"]
        qemu, renode = m.get("qemu") or {}, m.get("renode")
        defines = {k: _define_value(v) for k, v in {**m.get("defines", {}), **uart.get("defines", {})}.items()}
        if "clock_hz" in uart:
            defines.setdefault("MG_UART_CLOCK_HZ", _define_value(uart["clock_hz"]))
            defines.setdefault("MG_UART_BAUD", _define_value(uart.get("baud", 115200)))
        upload = data.get("upload", {}).get("protocol")
        board = Board(
            name,
            data["name"],
            build["cpu"],
            build.get("fpu", ""),
            _int(mem["flash_origin"]),
            _int(mem["flash_size"]),
            _int(mem["ram_origin"]),
            _int(mem["ram_size"]),
            _int(m["stack_size"]),
            uart["driver"],
            _int(uart["base"]),
            m.get("systick_hz", 0),
            qemu.get("machine"),
            ticks_per_second=m.get("ticks_per_second", m.get("systick_hz", 0)),
            tick_source=m.get("tick_source", "systick"),
            exit=m.get("exit", "semihosting"),
            qemu_instructions_per_tick=qemu.get("instructions_per_tick"),
            qemu_args=tuple(qemu.get("args", [])),
            renode=RenodeTarget(renode["script"], renode["uart"], renode["instructions_per_tick"]) if renode else None,
            upload_protocol=upload if upload not in (None, "custom") else None,
            defines=defines,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise McugenError(f"board file {path} is missing or misspells {exc}; see docs/boards.md") from None
    if board.tick_source not in TICK_SOURCES or board.exit not in EXITS:
        raise McugenError(f"board file {path}: tick_source must be one of {TICK_SOURCES}, exit one of {EXITS}")
    return board
