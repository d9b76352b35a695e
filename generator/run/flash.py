"""Programs a real board through its debug probe: pyOCD (PyPI) or OpenOCD (Debian's `openocd`).

The board JSON's `upload` section says which probe the board carries (`protocol`: stlink, jlink, cmsis-dap),
which tool flashes it by default (`tool`) and the tools' names for its chip (`openocd_target`, `pyocd_target`;
pyOCD knows some chips only from a CMSIS pack it would download, so those boards name none). What is flashed is
one Intel HEX image: the firmware's loadable segments and, at the input region (`__mg_io_start`), the input sets
`mcugen run --port` reads back over the serial port, or 16 zero bytes (the firmware then reports NOINPUT and runs
one all-zero set instead of input sets an earlier flash left there).
`python -m generator.run.flash DIR` flashes an already built project (what `pio run -t upload` calls).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

from ..boards import Board
from ..console import progress
from ..emit import load_project
from ..errors import McugenError
from ..paths import BOARDS
from .protocol import RunResult
from .qemu import input_blob, io_region
from .serial import DEFAULT_BAUD, DEFAULT_TIMEOUT, open_port, run_serial

TOOLS = ("pyocd", "openocd")
OPENOCD_INTERFACES = {"stlink": "stlink.cfg", "jlink": "jlink.cfg", "cmsis-dap": "cmsis-dap.cfg"}
PROBE_NAMES = {"stlink": "ST-LINK", "jlink": "J-Link", "cmsis-dap": "CMSIS-DAP"}
NO_INPUTS = bytes(16)  # an input header with no magic: the firmware runs one all-zero set
# What each tool prints when no probe answers (tried on a machine with none attached).
NO_PROBE_MARKERS = (
    "No connected debug probes",
    "No available debug probes",
    "open failed",
    "No J-Link device found",
    "unable to find a matching CMSIS-DAP device",
)
FLASH_TIMEOUT = 180.0


@dataclass(frozen=True)
class UploadTarget:
    board: str
    protocol: str  # the probe on the board: stlink, jlink or cmsis-dap
    tool: str  # the default of pyocd/openocd
    openocd_target: str | None
    pyocd_target: str | None


def upload_target(board: str) -> UploadTarget:
    """The board JSON's upload section; one error line for a board only QEMU or Renode runs."""
    upload = json.loads((BOARDS / f"{board}.json").read_text()).get("upload", {})
    if upload.get("tool") not in TOOLS:
        raise McugenError(
            f"board {board} is emulated only: flashing needs real hardware; run it in QEMU with "
            "`mcugen run DIR`, or generate for a real board (nucleo-f446re, nucleo-h743zi, disco-f746ng, nrf52840dk)"
        )
    return UploadTarget(
        board, upload["protocol"], upload["tool"], upload.get("openocd_target"), upload.get("pyocd_target")
    )


def flash_command(target: UploadTarget, image: Path, tool: str | None = None) -> list[str]:
    """The command line that programs `image` into the board, resets it and lets it run."""
    tool = tool or target.tool
    if tool == "pyocd":
        if target.pyocd_target is None:
            raise McugenError(
                f"pyOCD has no built-in target for board {target.board} (its chip comes from a CMSIS pack pyOCD "
                "downloads: `pyocd pack install <part>`); flash it with --probe openocd"
            )
        # --no-wait: without a probe pyOCD would wait for one forever
        return [sys.executable, "-m", "pyocd", "load", "--no-wait", "--target", target.pyocd_target, str(image)]
    interface = ["-f", f"interface/{OPENOCD_INTERFACES[target.protocol]}"]
    if target.protocol == "jlink":
        interface += ["-c", "transport select swd"]
    return [
        "openocd",
        *interface,
        "-f",
        f"target/{target.openocd_target}.cfg",
        "-c",
        f"program {{{image}}} verify reset exit",
    ]


def stand_in_command(board: Board, image: Path) -> list[str]:
    """What flashing stands for on a board only QEMU runs: QEMU started as `mcugen run` starts it, with the image
    (firmware and input sets) loaded by its generic loader in place of -kernel (docs/real-boards.md's rehearsal)."""
    args = board.qemu_arguments("")
    kernel = args.index("-kernel")
    del args[kernel : kernel + 2]
    return ["qemu-system-arm", *args, "-device", f"loader,file={image}"]


def _hex_record(kind: int, address: int, data: bytes) -> str:
    body = bytes([len(data), address >> 8 & 0xFF, address & 0xFF, kind]) + data
    return f":{body.hex().upper()}{-sum(body) & 0xFF:02X}\n"


def intel_hex(chunks: list[tuple[int, bytes]]) -> str:
    """Intel HEX (type 04 extended linear addresses) of (address, bytes) chunks; both tools read it."""
    lines, upper = [], None
    for address, data in chunks:
        offset = 0
        while offset < len(data):
            at = address + offset
            size = min(16, len(data) - offset, 0x10000 - (at & 0xFFFF))  # a record never crosses 64 KiB
            if at >> 16 != upper:
                upper = at >> 16
                lines.append(_hex_record(4, 0, upper.to_bytes(2, "big")))
            lines.append(_hex_record(0, at & 0xFFFF, data[offset : offset + size]))
            offset += size
    return "".join(lines) + _hex_record(1, 0, b"")


def write_image(elf: Path, blob: bytes | None, out: Path) -> Path:
    """The image to flash: the ELF's loadable segments at their load addresses, then `blob` (input sets) at the
    input region, or NO_INPUTS."""
    start, end = io_region(elf)
    blob = NO_INPUTS if blob is None else blob
    if len(blob) > end - start:
        raise McugenError(f"the input sets need {len(blob)} bytes; the board has room for {end - start}")
    with open(elf, "rb") as fh:
        segments = [
            (seg["p_paddr"], seg.data()[: seg["p_filesz"]])
            for seg in ELFFile(fh).iter_segments()
            if seg["p_type"] == "PT_LOAD" and seg["p_filesz"] > 0
        ]
    out.write_text(intel_hex([*segments, (start, blob)]))
    return out


def image_path(elf: Path) -> Path:
    return elf.with_name("firmware-inputs.hex")


def flash(target: UploadTarget, image: Path, tool: str | None = None) -> None:
    """Runs the flash command; no probe or a failure is one error line."""
    cmd = flash_command(target, image, tool)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=FLASH_TIMEOUT, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise McugenError("openocd not found; install it: apt-get install openocd (or use --probe pyocd)") from None
    except subprocess.TimeoutExpired:
        raise McugenError(
            f"{cmd[0]} did not finish flashing within {FLASH_TIMEOUT:g} s; unplug and replug the probe"
        ) from None
    if proc.returncode == 0:
        return
    log = proc.stdout + proc.stderr
    name = "pyOCD" if "pyocd" in cmd else "OpenOCD"
    if any(marker in log for marker in NO_PROBE_MARKERS):
        other = "openocd" if name == "pyOCD" else "pyocd"
        raise McugenError(
            f"no debug probe found ({name} sees none); connect the board's {PROBE_NAMES[target.protocol]} probe "
            f"over USB (its debug USB port, not a power-only one) and retry, or pass --probe {other}"
        )
    lines = [line.strip() for line in log.splitlines() if line.strip()][-3:]
    raise McugenError(f"{name} failed to flash {target.board} (exit {proc.returncode}): {' | '.join(lines)}")


@dataclass(frozen=True)
class BoardPort:
    """Where `mcugen run/verify --port` reads a real board: the serial port, and whether to flash it first."""

    port: str
    baud: int = DEFAULT_BAUD
    flash: bool = True
    probe: str | None = None  # pyocd or openocd; None: the board JSON's tool
    timeout: float = DEFAULT_TIMEOUT


def check_port(board: str, where: BoardPort | None) -> None:
    """Fails early (before generating or building) when `where` asks to flash a board that has no probe, or names
    a port that is not there."""
    if where is None:
        return
    if where.flash:
        upload_target(board)
    if not Path(where.port).exists():
        open_port(where.port, where.baud)  # its one error line


def run_on_board(elf: Path, board: str, inputs, outputs, sets, where: BoardPort) -> RunResult:
    """Writes the firmware and the input sets as one image, flashes it (unless the board already holds it) with
    the serial port open, and reads the run back. All sets go in one image: a real board's flash holds them."""
    target = upload_target(board) if where.flash else None
    _, blob = input_blob(elf, inputs, sets)
    image = write_image(elf, blob, image_path(elf))
    if target:
        progress(f"flashing {image} with {where.probe or target.tool}, then reading {where.port}")

        def start() -> None:
            flash(target, image, where.probe)

    else:

        def start() -> None:  # only now: a run the board prints before the port is open and emptied is lost
            progress(f"waiting up to {where.timeout:g} s for a run on {where.port}: reset the board to start one")

    return run_serial(where.port, outputs, len(sets), where.baud, where.timeout, start)


def main(argv: list[str]) -> int:
    """python -m generator.run.flash PROJECT_DIR: flashes the built firmware without input sets (pio run -t upload)."""
    try:
        project = load_project(Path(argv[0]))
        elf = project.path / ".pio" / "build" / project.board / "firmware.elf"
        target = upload_target(project.board)
        flash(target, write_image(elf, None, image_path(elf)))
    except McugenError as exc:
        print(f"mcugen: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
