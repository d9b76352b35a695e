"""Reads a run of the firmware on a real board from its serial port (pyserial), with the UART protocol's parser.

The board holds the firmware and the input sets (flash.py flashes both as one image); after a reset
it prints `MCUGEN BOOT`, the sets' lines and `MCUGEN DONE` (docs/protocol.md). The port is opened before the
board is flashed or reset, so no line is missed; lines before the last `MCUGEN BOOT` belong to an earlier run.
On silicon a tick is a core clock cycle (DWT CYCCNT, or SysTick on the processor clock), so costs are cycles.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..console import progress
from ..emit import IoTensor
from ..errors import McugenError
from .protocol import RunResult, finish

DEFAULT_BAUD = 115200
DEFAULT_TIMEOUT = 60.0
CYCLES_PER_TICK = 1.0


def open_port(port: str, baud: int):
    """The port, opened for this run only (an exclusive lock: a serial monitor holding it is an error)."""
    import serial

    try:
        return serial.Serial(port, baud, timeout=0.2, exclusive=True)
    except (serial.SerialException, OSError, ValueError) as exc:
        reason = str(exc).split(": ", 1)[-1] if "could not open port" in str(exc) else str(exc)
        raise McugenError(
            f"cannot open serial port {port}: {reason}; check the board's USB cable and the port's name "
            "(ls /dev/ttyACM* /dev/ttyUSB*), and close any serial monitor that holds it"
        ) from None


def _reopen(port: str, baud: int):
    """The port opened again after it hung up, or None while it is not back (a board's USB serial re-enumerating
    at reset is absent for a moment, then busy until udev is done with it)."""
    try:
        return open_port(port, baud)
    except McugenError:
        return None


def read_run(connection, timeout: float, baud: int = DEFAULT_BAUD) -> str:
    """The lines of one whole run (from MCUGEN BOOT to DONE, an ERROR or a FAULT), or one error line on timeout.

    A port that fails while read (EIO, or readable with nothing to read: hung up, as a board's USB serial at a
    reset, or a pty whose other side closed) never gives data again: it is closed and opened again until the
    deadline. The kernel drops what a hung-up port held, so a run is only taken whole: from a `MCUGEN BOOT` read
    on the connection that reads its end. `connection` stays the caller's to close."""
    import serial

    port, deadline, current, reopened = connection.port, time.monotonic() + timeout, connection, False
    pending, lines, seen, failure = b"", None, [], None  # lines: the current run's, None until its MCUGEN BOOT
    try:
        while time.monotonic() < deadline:
            if current is None:
                time.sleep(0.05)
                current = _reopen(port, baud)
                if current is None:
                    continue
                if not reopened:
                    progress(f"{port} hung up and is back: waiting for a whole run (from its MCUGEN BOOT)")
                reopened = True
            try:
                pending += current.read(current.in_waiting or 1)
            except (serial.SerialException, OSError) as exc:
                failure, pending, lines = exc, b"", None  # what the port held when it hung up is lost
                current.close()
                current = None
                continue
            *complete, pending = pending.split(b"\n")
            for raw in complete:
                line = raw.decode("utf-8", "replace").strip()
                seen = [*seen[-4:], line]
                if line == "MCUGEN BOOT":
                    lines = []  # an earlier run's lines (or noise from before the reset) are not this run's
                if lines is None:
                    continue
                lines.append(line)
                if line == "MCUGEN DONE" or line.startswith(("MCUGEN ERROR", "MCUGEN FAULT")):
                    return "\n".join(lines) + "\n"
    finally:
        if current is not None and current is not connection:
            current.close()
    if failure is not None and not seen:
        raise McugenError(
            f"serial port {port} failed while reading and did not come back within {timeout:g} s: {failure}"
        )
    received = " | ".join(seen) if seen else "nothing"
    raise McugenError(
        f"no complete run on {port} within {timeout:g} s (received: {received}); reset the board "
        f"(or flash it: drop --no-flash) and check that --baud matches the firmware's ({DEFAULT_BAUD} by default)"
    )


def run_serial(
    port: str,
    outputs: list[IoTensor],
    num_sets: int,
    baud: int = DEFAULT_BAUD,
    timeout: float = DEFAULT_TIMEOUT,
    start: Callable[[], None] | None = None,
) -> RunResult:
    """Opens `port`, calls `start` (flashing the board, which resets it), and parses the run the board prints."""
    with open_port(port, baud) as connection:
        connection.reset_input_buffer()
        if start is not None:
            start()
        console = read_run(connection, timeout, baud)
    if "MCUGEN NOINPUT" in console:
        raise McugenError(
            "the board holds no input sets (MCUGEN NOINPUT): flash them with this command without --no-flash"
        )
    ran = sum(1 for line in console.splitlines() if line.startswith("MCUGEN COST "))
    if ran != num_sets and "MCUGEN DONE" in console:
        raise McugenError(
            f"the board ran {ran} input set(s), not the {num_sets} asked for: it holds other inputs; flash these "
            "(drop --no-flash) or give the --random/--seed/--inputs it was flashed with"
        )
    status = 0 if "MCUGEN DONE" in console else 1
    return RunResult(finish(console, status, outputs, num_sets), CYCLES_PER_TICK, console)
