"""The host side of the firmware's test protocol (docs/protocol.md): input blobs and console parsing."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

import numpy as np

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

    @property
    def stack_used(self) -> int:
        """Peak stack bytes (the firmware paints its stack at reset; the largest of several runs); 0 where the
        board cannot tell."""
        used = [
            int(p[2])
            for p in (line.split() for line in self.console.splitlines())
            if p[:2] == ["MCUGEN", "STACK"] and len(p) == 4
        ]
        return max(used, default=0)

    def instructions(self, ticks: int) -> int:
        return round(ticks * self.instructions_per_tick)


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


def parse(console: str, outputs: list[IoTensor], num_sets: int) -> list[SetResult]:
    results = [SetResult([None] * len(outputs), 0, []) for _ in range(num_sets)]
    for line in console.splitlines():
        parts = line.strip().split()
        if len(parts) < 4 or parts[0] != "MCUGEN" or parts[1] not in ("COST", "NODE", "OUTPUT"):
            continue
        kind, s = parts[1], int(parts[2])
        if kind == "COST":
            results[s].ticks = int(parts[3])
        elif kind == "NODE":
            results[s].node_ticks.append(int(parts[4]))
        elif kind == "OUTPUT":
            spec = outputs[int(parts[3])]
            data = bytes.fromhex(parts[4]) if len(parts) > 4 else b""
            results[s].outputs[int(parts[3])] = np.frombuffer(data, dtype=np.dtype(spec.dtype.lower())).reshape(
                spec.shape
            )
    return results


def last_lines(text: str, n: int = 5) -> str:
    return " | ".join(text.strip().splitlines()[-n:]) or "(no output)"


def finish(console: str, returncode: int, outputs: list[IoTensor], num_sets: int, stderr: str = "") -> list[SetResult]:
    """Checks a finished run's console and exit status, then parses its results."""
    for line in console.splitlines():
        if line.startswith(("MCUGEN ERROR", "MCUGEN FAULT")):
            raise McugenError(f"firmware reported: {line[len('MCUGEN ') :].strip()}")
    if returncode != 0 or "MCUGEN DONE" not in console:
        raise McugenError(
            f"firmware exited with status {returncode} before finishing; last output: {last_lines(console + stderr)}"
        )
    return parse(console, outputs, num_sets)
