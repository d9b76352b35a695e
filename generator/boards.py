"""Board definitions: one JSON per board in boards/, read by PlatformIO (build, upload) and by mcugen."""
from __future__ import annotations

import json
from dataclasses import dataclass

from .errors import McugenError
from .paths import BOARDS


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    cpu: str               # -mcpu value
    fpu: str               # -mfpu value, "" without an FPU
    flash_origin: int
    flash_size: int
    ram_origin: int
    ram_size: int
    stack_size: int
    uart_driver: str       # boards/startup/uart_<driver>.c
    uart_base: int
    systick_hz: int
    qemu_machine: str | None

    @property
    def instructions_per_tick(self) -> float:
        """Under QEMU's -icount shift=0 one instruction takes 1 ns."""
        return 1e9 / self.systick_hz


def board_names() -> list[str]:
    return sorted(p.stem for p in BOARDS.glob("*.json"))


def load_board(name: str) -> Board:
    path = BOARDS / f"{name}.json"
    if not path.is_file():
        raise McugenError(f"unknown board '{name}'; choose one of: {', '.join(board_names())}")
    data = json.loads(path.read_text())
    m, build = data["mcugen"], data["build"]
    mem = m["memory"]
    return Board(name, data["name"], build["cpu"], build.get("fpu", ""), mem["flash_origin"], mem["flash_size"],
                 mem["ram_origin"], mem["ram_size"], m["stack_size"], m["uart"]["driver"], m["uart"]["base"],
                 m["systick_hz"], m.get("qemu", {}).get("machine"))
