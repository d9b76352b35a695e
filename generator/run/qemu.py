from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from elftools.elf.elffile import ELFFile

from ..boards import Board
from ..emit import IoTensor
from ..errors import McugenError

INPUT_MAGIC = 0x4E49474D  # "MGIN", read by the generated main.cc
HEADER = struct.Struct("<IIII")


@dataclass
class SetResult:
    outputs: list[np.ndarray]
    ticks: int
    node_ticks: list[int]


@dataclass
class RunResult:
    sets: list[SetResult]
    instructions_per_tick: float
    console: str = field(repr=False, default="")

    def instructions(self, ticks: int) -> int:
        return round(ticks * self.instructions_per_tick)


def _io_region(elf_path: Path) -> tuple[int, int]:
    with open(elf_path, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = {s.name: s["st_value"] for s in symtab.iter_symbols()
                   if s.name in ("__mcugen_io_start", "__mcugen_io_end")}
    if len(symbols) != 2:
        raise McugenError(f"{elf_path} has no input region (__mcugen_io_start); was it built by mcugen?")
    return symbols["__mcugen_io_start"], symbols["__mcugen_io_end"]


def pack_inputs(inputs: list[IoTensor], sets: list[list[np.ndarray]]) -> bytes:
    """The input region's contents: a header, then each set's tensors back to back."""
    chunks = []
    for values in sets:
        for spec, value in zip(inputs, values, strict=True):
            arr = np.asarray(value, dtype=np.dtype(spec.dtype.lower()))
            if arr.size != int(np.prod(spec.shape)):
                raise McugenError(f"input '{spec.name}' needs shape {spec.shape}, got {list(arr.shape)}")
            chunks.append(arr.astype(arr.dtype.newbyteorder("<")).tobytes())
    set_bytes = sum(int(np.prod(s.shape)) * np.dtype(s.dtype.lower()).itemsize for s in inputs)
    return HEADER.pack(INPUT_MAGIC, len(sets), set_bytes, 0) + b"".join(chunks)


def _parse(console: str, outputs: list[IoTensor], num_sets: int) -> list[SetResult]:
    results = [SetResult([None] * len(outputs), 0, []) for _ in range(num_sets)]
    for line in console.splitlines():
        parts = line.strip().split()
        if len(parts) < 4 or parts[0] != "MCUGEN":
            continue
        kind, s = parts[1], int(parts[2])
        if kind == "COST":
            results[s].ticks = int(parts[3])
        elif kind == "NODE":
            results[s].node_ticks.append(int(parts[4]))
        elif kind == "OUTPUT":
            spec = outputs[int(parts[3])]
            data = bytes.fromhex(parts[4]) if len(parts) > 4 else b""
            results[s].outputs[int(parts[3])] = np.frombuffer(data, dtype=np.dtype(spec.dtype.lower())).reshape(spec.shape)
    return results


def _last_lines(text: str, n: int = 5) -> str:
    return " | ".join(text.strip().splitlines()[-n:]) or "(no output)"


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
                              f"{_last_lines(seen)}") from None
    console = proc.stdout.decode("utf-8", "replace")
    for line in console.splitlines():
        if line.startswith(("MCUGEN ERROR", "MCUGEN FAULT")):
            raise McugenError(f"firmware reported: {line[len('MCUGEN '):].strip()}")
    if proc.returncode != 0 or "MCUGEN DONE" not in console:
        raise McugenError(f"firmware exited with status {proc.returncode} before finishing; last output: "
                          f"{_last_lines(console + proc.stderr.decode('utf-8', 'replace'))}")
    results = _parse(console, outputs, len(sets))
    return RunResult(results, board.instructions_per_tick, console)
