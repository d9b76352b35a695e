"""Hardware in the loop as far as this machine allows: QEMU started with `-serial pty` stands in for a board on a
USB serial port (its pty for /dev/ttyACM0), holding the image `mcugen run --port` flashes (firmware and input sets
as one Intel HEX); `mcugen run/verify --port PTY --no-flash` must report what the QEMU run reports and match
TFLite Micro. A real board's project (nucleo-h743zi) with no probe attached: `mcugen flash` through OpenOCD and
pyOCD, and `pio run -t upload`, each fail with one line that says so."""

import json
import os
import re
import subprocess
import sys
import time

import pytest

from conftest import MLP_INT8
from generator.boards import load_board
from generator.build import pio_env
from generator.emit import load_project
from generator.flash import image_path, write_image
from generator.pio_core import prepare_core
from generator.pipeline import random_sets
from generator.run import pack_inputs

pytestmark = pytest.mark.qemu

SETS = 3
BOARD = load_board("mps2-an386")


def start_board(elf, image):
    """QEMU paused, its UART on a new pty, the image loaded as a probe would flash it; returns (process, pty)."""
    args = BOARD.qemu_arguments(str(elf))
    args[args.index("-serial") + 1] = "pty"
    args[args.index("-monitor") + 1] = "stdio"  # `cont` starts it once mcugen holds the port
    kernel = args.index("-kernel")
    del args[kernel : kernel + 2]  # the image holds the firmware
    qemu = subprocess.Popen(
        ["qemu-system-arm", *args, "-S", "-device", f"loader,file={image}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    for line in qemu.stdout:  # "char device redirected to /dev/pts/N (label serial0)"
        found = re.search(r"redirected to (/dev/pts/\d+)", line)
        if found:
            return qemu, found.group(1)
    raise AssertionError("QEMU printed no pty")


def holds(pid: int, path: str) -> bool:
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    links = []
    for fd in fds:
        try:
            links.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:  # closed meanwhile
            pass
    return path in links


def run_against_board(project, cli_args):
    """Starts the stand-in board, runs mcugen reading its port, lets the board run once mcugen holds the port."""
    elf = project / ".pio" / "build" / BOARD.name / "firmware.elf"
    spec = load_project(project)
    image = write_image(elf, pack_inputs(spec.inputs, random_sets(spec.inputs, SETS, 0)), image_path(elf))
    qemu, pty = start_board(elf, image)
    try:
        command = [sys.executable, "-m", "generator", *cli_args, "--port", pty, "--no-flash", "--json"]
        mcugen = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 300
        while not holds(mcugen.pid, pty) and mcugen.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        # QEMU's pty backend notices an opened port on a one-second poll and drops what the guest prints before
        # then: let it see mcugen's before the board starts, as a real board's reset comes after the port opens
        time.sleep(1.5)
        qemu.stdin.write("cont\n")
        qemu.stdin.flush()
        out, err = mcugen.communicate(timeout=300)
    finally:
        qemu.kill()
        qemu.communicate()
    assert mcugen.returncode in (0, 1), err
    return json.loads(out)


@pytest.mark.slow
def test_run_and_verify_over_a_serial_port(tmp_path, cli):
    project = tmp_path / "fw"
    assert cli("generate", MLP_INT8, "--board", BOARD.name, "-o", project).returncode == 0
    emulated = cli("run", project, "--random", SETS, "--json")
    assert emulated.returncode == 0, emulated.stderr
    emulated = json.loads(emulated.stdout)

    on_port = run_against_board(project, ["run", str(project), "--random", str(SETS)])
    assert [s["outputs"] for s in on_port["sets"]] == [s["outputs"] for s in emulated["sets"]]
    # the same firmware counted the same ticks; over a port they are reported as cycles (one per tick)
    assert [s["ticks"] for s in on_port["sets"]] == [s["ticks"] for s in emulated["sets"]]
    assert [s["cost_instructions"] for s in on_port["sets"]] == [s["ticks"] for s in emulated["sets"]]
    assert on_port["cost_unit"].startswith("cycles") and emulated["cost_unit"].startswith("instructions")

    verified = run_against_board(
        project, ["verify", str(MLP_INT8), "--board", BOARD.name, "-o", str(project), "--random", str(SETS)]
    )
    assert verified["match"] and verified["reference"] == "TFLite Micro" and verified["sets"] == SETS

    # a board that prints nothing (QEMU never continued): one error line after --timeout, no hang
    elf = project / ".pio" / "build" / BOARD.name / "firmware.elf"
    qemu, pty = start_board(elf, image_path(elf))
    try:
        silent = cli("run", project, "--port", pty, "--no-flash", "--timeout", "1", "--random", SETS)
    finally:
        qemu.kill()
        qemu.communicate()
    assert silent.returncode == 2
    assert silent.stderr.splitlines()[-1].startswith(f"mcugen: error: no complete run on {pty} within 1 s")


@pytest.mark.slow
def test_flash_without_a_probe(tmp_path, cli):
    """A real board's project: the dry run's command, then the real tools (and pio's upload) with no probe."""
    project = tmp_path / "h7"
    assert cli("generate", MLP_INT8, "--board", "nucleo-h743zi", "-o", project).returncode == 0
    dry = cli("flash", project, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    image = project / ".pio" / "build" / "nucleo-h743zi" / "firmware-inputs.hex"
    assert dry.stdout == (
        f"openocd -f interface/stlink.cfg -f target/stm32h7x_dual_bank.cfg -c 'program {{{image}}} verify reset exit'\n"
    )
    assert image.read_text().endswith(":00000001FF\n")

    for probe in ("openocd", "pyocd"):
        result = cli("flash", project, "--probe", probe)
        if result.returncode == 0:
            pytest.skip("a debug probe is attached")
        last = result.stderr.splitlines()[-1]
        assert result.returncode == 2 and last.startswith("mcugen: error: no debug probe found"), result.stderr
        assert "connect the board's ST-LINK probe over USB" in last

    upload = subprocess.run(
        [sys.executable, "-m", "platformio", "run", "-d", str(project), "-t", "upload"],
        env=pio_env(prepare_core()),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert upload.returncode != 0
    assert "mcugen: error: no debug probe found (OpenOCD sees none)" in upload.stdout + upload.stderr
