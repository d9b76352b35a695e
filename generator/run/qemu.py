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


def _io_region(elf_path: Path) -> tuple[int, int]:
    with open(elf_path, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = {s.name: s["st_value"] for s in symtab.iter_symbols()
                   if s.name in ("__mcugen_io_start", "__mcugen_io_end")}
    if len(symbols) != 2:
        raise McugenError(f"{elf_path} has no input region (__mcugen_io_start); was it built by mcugen?")
    return symbols["__mcugen_io_start"], symbols["__mcugen_io_end"]


def run_qemu(elf: Path, board: Board, inputs: list[IoTensor], outputs: list[IoTensor],
             sets: list[list[np.ndarray]], timeout: float = 120.0) -> RunResult:
    if board.qemu_machine is None:
        raise McugenError(f"board {board.name} has no QEMU machine; run it on hardware or in Renode")
    qemu = shutil.which("qemu-system-arm")
    if qemu is None:
        raise McugenError("qemu-system-arm not found; install it: apt-get install qemu-system-arm (or `make setup`)")
    start, end = _io_region(elf)
    blob = pack_inputs(inputs, sets)
    if len(blob) > end - start:
        raise McugenError(f"{len(sets)} input sets need {len(blob)} bytes; the board has room for {end - start}: "
                          "use fewer sets per run")
    with tempfile.TemporaryDirectory(prefix="mcugen-run-") as tmp:
        blob_path = Path(tmp) / "inputs.bin"
        blob_path.write_bytes(blob)
        cmd = [qemu, "-M", board.qemu_machine, "-nographic", "-monitor", "none", "-serial", "stdio",
               "-icount", "shift=0,align=off,sleep=off", "-semihosting-config", "enable=on,target=native",
               "-kernel", str(elf), "-device", f"loader,file={blob_path},addr={start:#x}"]
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            seen = (exc.stdout or b"").decode("utf-8", "replace")
            raise McugenError(f"firmware did not finish within {timeout:.0f} s in QEMU; last output: "
                              f"{last_lines(seen)}") from None
    console = proc.stdout.decode("utf-8", "replace")
    results = finish(console, proc.returncode, outputs, len(sets), proc.stderr.decode("utf-8", "replace"))
    return RunResult(results, board.instructions_per_tick, console)
