"""Flashing and the serial path without hardware: the command each real board's profile flashes with (written out
by hand here) and a missing, busy or silent serial port as one error line. test_flash_qemu.py runs the real pyOCD
and OpenOCD with no probe attached, `pio run -t upload`, and the serial path end to end against QEMU."""

import os
import sys
from pathlib import Path

import pytest

from conftest import MLP_INT8
from generator.boards import load_board
from generator.cli import main
from generator.errors import McugenError
from generator.pipeline import Options, generate
from generator.run.flash import flash_command, intel_hex, upload_target
from generator.run.serial import run_serial

IMAGE = Path("/tmp/fw.hex")


@pytest.mark.parametrize(
    "board, expected",
    [
        (
            "nucleo-f446re",
            ["openocd", "-f", "interface/stlink.cfg", "-f", "target/stm32f4x.cfg", "-c",
             "program {/tmp/fw.hex} verify reset exit"],
        ),
        (
            "nucleo-h743zi",
            ["openocd", "-f", "interface/stlink.cfg", "-f", "target/stm32h7x_dual_bank.cfg", "-c",
             "program {/tmp/fw.hex} verify reset exit"],
        ),
        (
            "disco-f746ng",
            ["openocd", "-f", "interface/stlink.cfg", "-f", "target/stm32f7x.cfg", "-c",
             "program {/tmp/fw.hex} verify reset exit"],
        ),
        (
            "nrf52840dk",
            ["openocd", "-f", "interface/jlink.cfg", "-c", "transport select swd", "-f", "target/nrf52.cfg", "-c",
             "program {/tmp/fw.hex} verify reset exit"],
        ),
    ],
)  # fmt: skip
def test_default_flash_command_of_each_real_board(board, expected):
    assert flash_command(upload_target(board), IMAGE) == expected


@pytest.mark.parametrize("board, target", [("nucleo-h743zi", "stm32h743xx"), ("nrf52840dk", "nrf52840")])
def test_pyocd_command_where_pyocd_knows_the_chip(board, target):
    expected = [sys.executable, "-m", "pyocd", "load", "--no-wait", "--target", target, "/tmp/fw.hex"]
    assert flash_command(upload_target(board), IMAGE, "pyocd") == expected


@pytest.mark.parametrize("board", ["nucleo-f446re", "disco-f746ng"])
def test_pyocd_without_a_builtin_target_says_to_use_openocd(board):
    with pytest.raises(McugenError, match="pyOCD has no built-in target.*--probe openocd"):
        flash_command(upload_target(board), IMAGE, "pyocd")


@pytest.mark.parametrize("board", ["mps2-an386", "lm3s6965evb", "netduinoplus2", "mps3-an547"])
def test_emulated_board_says_flashing_needs_hardware(board):
    with pytest.raises(McugenError, match=f"board {board} is emulated only: flashing needs real hardware"):
        upload_target(board)


def test_intel_hex_records():
    # worked by hand: the upper address 0x0800, two data bytes at 0x08000000, the end record
    assert intel_hex([(0x08000000, b"\x01\x02")]) == ":020000040800F2\n:020000000102FB\n:00000001FF\n"
    # two bytes each side of a 64 KiB boundary: a record ends at it, the next upper address begins
    assert intel_hex([(0x0800FFFE, b"\x01\x02\x03\x04")]) == (
        ":020000040800F2\n:02FFFE000102FE\n:020000040801F1\n:020000000304F7\n:00000001FF\n"
    )


def test_missing_serial_port():
    with pytest.raises(McugenError, match="cannot open serial port /dev/mcugen-no-such-port: .*ls /dev/ttyACM"):
        run_serial("/dev/mcugen-no-such-port", [], 1)


def test_busy_serial_port():
    import serial

    controller, device = os.openpty()
    port = os.ttyname(device)
    try:
        with serial.Serial(port, exclusive=True), pytest.raises(McugenError, match=f"cannot open serial port {port}"):
            run_serial(port, [], 1)
    finally:
        os.close(controller)
        os.close(device)


def test_silent_serial_port_times_out():
    controller, device = os.openpty()
    try:
        with pytest.raises(McugenError, match=r"no complete run on /dev/pts/\d+ within 0.5 s \(received: nothing\)"):
            run_serial(os.ttyname(device), [], 1, timeout=0.5)
    finally:
        os.close(controller)
        os.close(device)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--baud", "9600"], "--baud needs --port"),
        (["--no-flash"], "--no-flash needs --port"),
        (["--port", "/dev/ttyACM0", "--emulator", "renode"], "--port runs on the real board"),
        (["--port", "/dev/ttyACM0", "--no-flash", "--probe", "pyocd"], "--no-flash flashes nothing"),
        (["--port", "/dev/ttyACM0", "--timeout", "0"], "--timeout must be more than 0 seconds"),
        (["flash", "--seed", "3"], "--seed seeds the sets --random N makes"),
        (["flash", "--random", "2", "--inputs", "x.npz"], "choose one"),
    ],
)
def test_port_option_combinations(args, message, tmp_path, capsys):
    command, options = (args[0], args[1:]) if args[0] == "flash" else ("run", args)
    assert main([command, str(tmp_path), *options]) == 2
    error = capsys.readouterr().err
    assert message in error and len(error.splitlines()) == 1


REAL_BOARDS = ["nucleo-f446re", "nucleo-h743zi", "disco-f746ng", "nrf52840dk"]


@pytest.mark.parametrize("board", REAL_BOARDS)
def test_the_tools_know_each_real_boards_chip(board):
    """The board JSON's names exist in the tools installed here: OpenOCD's target script, pyOCD's built-in target."""
    from pyocd.target import TARGET

    target = upload_target(board)
    assert (Path("/usr/share/openocd/scripts/target") / f"{target.openocd_target}.cfg").is_file()
    assert target.pyocd_target is None or target.pyocd_target in TARGET


def test_port_on_an_emulated_board_fails_before_building(tmp_path, capsys):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "fw")
    capsys.readouterr()
    assert main(["run", str(tmp_path / "fw"), "--port", "/dev/ttyACM0"]) == 2
    error = capsys.readouterr().err
    assert "board mps2-an386 is emulated only: flashing needs real hardware" in error and "building" not in error


def test_missing_port_fails_before_building(tmp_path, capsys):
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "fw")
    capsys.readouterr()
    assert main(["run", str(tmp_path / "fw"), "--port", "/dev/mcugen-no-such-port", "--no-flash"]) == 2
    error = capsys.readouterr().err
    assert "cannot open serial port /dev/mcugen-no-such-port" in error and "building" not in error
