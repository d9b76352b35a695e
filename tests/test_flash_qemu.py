"""Hardware in the loop as far as this machine allows: QEMU with its UART on a pty stands in for a board on a
USB serial port (the pty for /dev/ttyACM0), holding the image `mcugen run --port` flashes (firmware and input sets
as one Intel HEX); `mcugen run/verify --port PTY --no-flash` must report what the QEMU run reports and match
TFLite Micro. A real board's project (nucleo-h743zi) with no probe attached: `mcugen flash` through OpenOCD and
pyOCD, and `pio run -t upload`, each fail with one line that says so."""

import json
import os
import signal
import subprocess
import sys
import tty
from contextlib import contextmanager

import pytest

from conftest import FIXTURES, MLP_INT8
from generator.boards import load_board
from generator.build import pio_env
from generator.build.pio_core import prepare_core
from generator.emit import load_project
from generator.pipeline import InputChoice, input_sets, models_of
from generator.run import pack_inputs
from generator.run.flash import image_path, write_image

pytestmark = pytest.mark.qemu

SETS = 3
CONV = FIXTURES / "conv_relu_int8.tflite"
BOARD = load_board("mps2-an386")


@contextmanager
def board_port():
    """The stand-in board's USB serial port: a pty whose both sides stay open while the test runs, as a board's
    port stays after its run. (QEMU's own `-serial pty` is gone the moment QEMU exits at the end of the run, and
    the kernel drops what the reader had not read yet: a reader scheduled late under load lost the run.)"""
    controller, device = os.openpty()
    tty.setraw(device)
    try:
        yield controller, os.ttyname(device)
    finally:
        os.close(controller)
        os.close(device)


def reset_board(elf, image, controller):
    """QEMU with mcugen's own arguments, its UART on the port, the image loaded as a probe would flash it."""
    args = BOARD.qemu_arguments(str(elf))
    kernel = args.index("-kernel")
    del args[kernel : kernel + 2]  # the image holds the firmware
    return subprocess.Popen(
        ["qemu-system-arm", *args, "-device", f"loader,file={image}"],
        stdin=subprocess.DEVNULL,
        stdout=controller,
        stderr=subprocess.DEVNULL,
    )


def flashed_image(project):
    elf = project / ".pio" / "build" / BOARD.name / "firmware.elf"
    spec = load_project(project)
    sets = input_sets(spec, models_of(spec), InputChoice(count=SETS))  # what `--random SETS` makes
    return elf, write_image(elf, pack_inputs(spec.inputs, sets), image_path(elf))


def start_mcugen(cli_args, port):
    """mcugen reading `port`; returns once it holds the port, emptied, and asks for a reset (and its stderr so far)."""
    command = [sys.executable, "-m", "generator", *cli_args, "--port", str(port), "--no-flash", "--json"]
    mcugen = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return mcugen, wait_for(mcugen, "reset the board to start one")


def wait_for(mcugen, text):
    """mcugen's stderr up to the line holding `text` (all of it if mcugen ends first)."""
    lines = []
    for line in mcugen.stderr:
        lines.append(line)
        if text in line:
            break
    return "".join(lines)


def finish(mcugen, board, err):
    try:
        out, rest = mcugen.communicate(timeout=300)
    finally:
        board.kill()
        board.wait()
    assert mcugen.returncode in (0, 1), err + rest
    return json.loads(out)


def run_against_board(project, cli_args, late_reader=False):
    """Runs mcugen reading the stand-in board's port and resets the board (starts QEMU) once mcugen holds it;
    `late_reader`: mcugen is stopped while the board runs, as a loaded machine may leave it unscheduled."""
    elf, image = flashed_image(project)
    with board_port() as (controller, port):
        mcugen, err = start_mcugen(cli_args, port)
        if late_reader:
            os.kill(mcugen.pid, signal.SIGSTOP)
        board = reset_board(elf, image, controller)
        if late_reader:
            board.wait(timeout=300)  # the whole run printed, the board's QEMU gone
            os.kill(mcugen.pid, signal.SIGCONT)
        return finish(mcugen, board, err)


def run_across_a_hang_up(project, link):
    """The board's port (`link`, as /dev/serial/by-id names it) hangs up in the middle of a run, the kernel
    dropping what it held, and comes back as another device, as a board's USB serial re-enumerating at a reset;
    the board then runs again."""
    elf, image = flashed_image(project)
    first = os.openpty()
    link.symlink_to(os.ttyname(first[1]))
    with board_port() as (controller, port):
        mcugen, err = start_mcugen(["run", str(project), "--random", str(SETS), "--timeout", "60"], link)
        os.write(first[0], b"MCUGEN BOOT\nMCUGEN COST 0 12345\n")
        for fd in first:
            os.close(fd)
        link.with_name("next").symlink_to(port)
        link.with_name("next").replace(link)
        err += wait_for(mcugen, "hung up and is back")
        return finish(mcugen, reset_board(elf, image, controller), err)


def test_several_models_over_a_serial_port(tmp_path, cli):
    """--port means the same for a firmware of two models: each model's outputs read from the board equal the
    emulator's, and verify compares each with its own reference."""
    project, models = tmp_path / "fw", [str(MLP_INT8), str(CONV)]
    assert cli("generate", *models, "--board", BOARD.name, "-o", project).returncode == 0
    emulated = cli("run", project, "--random", SETS, "--json")
    assert emulated.returncode == 0, emulated.stderr
    on_port = run_against_board(project, ["run", str(project), "--random", str(SETS)])
    assert [m["sets"] for m in on_port["models"]] == [m["sets"] for m in json.loads(emulated.stdout)["models"]]
    verified = run_against_board(
        project, ["verify", *models, "--board", BOARD.name, "-o", str(project), "--random", str(SETS)]
    )
    assert verified["match"] and [m["match"] for m in verified["models"]] == [True, True]
    assert verified["cost_unit"].startswith("cycles")


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

    # a reader the machine leaves unscheduled while the board prints its whole run misses none of it
    late = run_against_board(project, ["run", str(project), "--random", str(SETS)], late_reader=True)
    assert [s["outputs"] for s in late["sets"]] == [s["outputs"] for s in emulated["sets"]]

    # the port hangs up mid-run and comes back: the next run is read whole, nothing of the lost one
    again = run_across_a_hang_up(project, tmp_path / "usb-board-if00")
    assert [s["outputs"] for s in again["sets"]] == [s["outputs"] for s in emulated["sets"]]
    assert [s["ticks"] for s in again["sets"]] == [s["ticks"] for s in emulated["sets"]]

    # a board that prints nothing (never reset): one error line after --timeout, no hang
    with board_port() as (_, port):
        silent = cli("run", project, "--port", port, "--no-flash", "--timeout", "1", "--random", SETS)
    assert silent.returncode == 2
    assert silent.stderr.splitlines()[-1].startswith(f"mcugen: error: no complete run on {port} within 1 s")


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
