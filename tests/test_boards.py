"""Every board: its JSON, its tick rate in QEMU, the three reference models verified on each QEMU board,
real-board profiles that build and fit, faults and hangs reported cleanly, repeatable costs, `pio test`
in QEMU, and the Renode runner (skipped, with the reason, when `renode` is not installed)."""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from conftest import MLP_FLOAT_IO, MLP_INT8, SINE_FLOAT
from generator.boards import board_names, load_board
from generator.build import build, pio_env
from generator.build.pio_core import prepare_core_dir
from generator.errors import McugenError
from generator.paths import BOARDS, ROOT
from generator.pipeline import Options, generate, random_sets
from generator.run import run_qemu
from generator.run.renode import run_script

QEMU_BOARDS = [
    "mps2-an385",
    "mps2-an386",
    "mps2-an500",
    "mps2-an505",
    "mps3-an547",
    "lm3s6965evb",
    "netduinoplus2",
    "microbit",
    "mps2-an385-m0plus",
]
REAL_BOARDS = ["nucleo-f446re", "nucleo-h743zi", "disco-f746ng", "nrf52840dk"]
# Cortex-M0+ boards: no DWT cycle counter (SysTick counts core cycles) and no Renode platform here.
REAL_ARMV6M_BOARDS = ["pico", "nucleo-g071rb", "arduino-zero"]
ARMV8M_BOARDS = {"mps2-an505", "mps3-an547"}
ARMV6M_BOARDS = {"microbit", "mps2-an385-m0plus"}
STARTUP = BOARDS / "startup"


def test_board_list_is_complete():
    assert set(QEMU_BOARDS + REAL_BOARDS + REAL_ARMV6M_BOARDS) <= set(board_names())


@pytest.mark.parametrize("name", QEMU_BOARDS + REAL_BOARDS + REAL_ARMV6M_BOARDS)
def test_board_json_is_consistent(name):
    board = load_board(name)
    data = json.loads((BOARDS / f"{name}.json").read_text())
    assert data["mcugen"]["sources"], "every board says where its facts come from"
    assert (STARTUP / f"uart_{board.uart_driver}.c").is_file()
    # PlatformIO's own limits agree with mcugen's memory map.
    assert data["upload"]["maximum_size"] == board.flash_size
    assert data["upload"]["maximum_ram_size"] == board.ram_size
    # No silly stacks: at most an eighth of RAM, and at most 4 KiB on a 64 KiB part.
    assert 1024 <= board.stack_size <= board.ram_size // 8
    assert board.flash_origin + board.flash_size <= 2**32 and board.ram_origin + board.ram_size <= 2**32
    if name in QEMU_BOARDS:
        assert board.qemu_machine and board.tick_source == "systick" and board.exit == "semihosting"
        assert board.instructions_per_tick == pytest.approx(1e9 / board.systick_hz)
    elif name in REAL_ARMV6M_BOARDS:
        assert board.cpu == "cortex-m0plus" and board.qemu_machine is None and board.renode is None
        assert board.tick_source == "systick" and board.systick_hz == board.ticks_per_second and board.exit == "halt"
        assert board.upload_protocol
    else:
        assert board.qemu_machine is None and board.tick_source == "dwt" and board.exit == "halt"
        assert board.upload_protocol and board.renode is not None


def _probe_elf(board, out: Path) -> Path:
    """A firmware of the board's startup code and UART driver that times a loop of exactly 2,000,000
    instructions (1,000,000 x subs + bne) with mg_board_ticks and prints the tick count."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "probe.c").write_text(
        '#include "mg_board.h"\n'
        "static void put_u32(uint32_t v) { char d[11]; int n = 0;\n"
        "  do { d[n++] = (char)('0' + v % 10); v /= 10; } while (v); while (n) mg_board_putc(d[--n]); }\n"
        "int main(void) {\n"
        "  mg_board_init();\n"
        "  uint64_t t0 = mg_board_ticks();\n"
        # GCC hands inline asm to the assembler in divided syntax on ARMv6-M (and restores unified after it)
        '  __asm volatile(".syntax unified\\n mov r0, %0\\n1: subs r0, r0, #1\\n bne 1b\\n"\n'
        '                 : : "r"(1000000u) : "r0", "cc");\n'
        "  uint64_t t1 = mg_board_ticks();\n"
        "  mg_board_puts(\"PROBE \"); put_u32((uint32_t)(t1 - t0)); mg_board_putc('\\n');\n"
        "  return 0;\n}\n"
    )
    (out / "memory.ld").write_text(
        f"MEMORY {{ FLASH (rx) : ORIGIN = {board.flash_origin:#x}, LENGTH = {board.flash_size}\n"
        f"         RAM (rwx) : ORIGIN = {board.ram_origin:#x}, LENGTH = {board.ram_size} }}\n"
        "MCUGEN_STACK_SIZE = 1024;\n"
    )
    machine = [f"-mcpu={board.cpu}", "-mthumb"]
    machine += [f"-mfpu={board.fpu}", "-mfloat-abi=hard"] if board.fpu else ["-mfloat-abi=soft"]
    elf = out / "probe.elf"
    subprocess.run(
        [
            "arm-none-eabi-gcc",
            *machine,
            "-Os",
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            *board.build_flags(),
            "-I",
            str(STARTUP),
            str(STARTUP / "startup_cortexm.c"),
            str(STARTUP / f"uart_{board.uart_driver}.c"),
            str(out / "probe.c"),
            "-nostartfiles",
            "--specs=nano.specs",
            "--specs=nosys.specs",
            "-L",
            str(out),
            "-T",
            str(BOARDS / "ld" / "cortexm.ld"),
            "-Wl,--gc-sections",
            "-o",
            str(elf),
        ],
        check=True,
    )
    return elf


@pytest.mark.qemu
@pytest.mark.parametrize("name", QEMU_BOARDS)
def test_instructions_per_tick_matches_qemu(name, tmp_path):
    """The board JSON's instructions per tick, measured: ticks x rate = the loop's 2,000,000 instructions."""
    from generator.run.qemu import qemu_command

    board = load_board(name)
    elf = _probe_elf(board, tmp_path)
    proc = subprocess.run(
        qemu_command(board, elf), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ticks = int(proc.stdout.split("PROBE ")[1].split()[0])
    # The loop plus the two mg_board_ticks calls: within one tick and a few dozen instructions of 2e6.
    assert abs(ticks * board.instructions_per_tick - 2_000_000) <= board.instructions_per_tick + 64, ticks


@pytest.mark.qemu
@pytest.mark.parametrize("model", [MLP_INT8, MLP_FLOAT_IO, SINE_FLOAT], ids=lambda p: p.stem)
@pytest.mark.parametrize("name", QEMU_BOARDS)
def test_verify_on_every_qemu_board(cli, tmp_path, name, model):
    result = cli(
        "verify",
        model,
        "--board",
        name,
        "--random",
        5,
        "--seed",
        1,
        "-o",
        tmp_path / "fw",
        "--json",
        "--backend",
        "reference",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and report["board"] == name
    assert 1000 < report["cost_per_inference"] < 100_000  # instructions: not ticks, not cycles
    board = load_board(name)
    assert report["flash_bytes"] <= board.flash_size and report["ram_bytes"] <= board.ram_size


@pytest.mark.qemu
@pytest.mark.parametrize("name", REAL_BOARDS + REAL_ARMV6M_BOARDS)
def test_real_board_builds_and_fits_but_does_not_run(cli, tmp_path, name):
    project = tmp_path / "fw"
    assert cli("generate", MLP_INT8, "--board", name, "-o", project).returncode == 0
    ini = (project / "platformio.ini").read_text()
    board = load_board(name)
    assert f"upload_protocol = {board.upload_protocol}" in ini
    assert ("-DMG_TICKS_DWT=1" in ini) == (name not in REAL_ARMV6M_BOARDS)
    built = cli("build", project)
    assert built.returncode == 0, built.stderr
    assert "built " in built.stdout and "flash" in built.stdout
    size = cli("size", project, "--json")
    assert size.returncode == 0 and json.loads(size.stdout)["board"]["fits"] is True
    with open(project / ".pio" / "build" / name / "firmware.elf", "rb") as fh:  # linked at the datasheet's addresses
        elf = ELFFile(fh)
        text = elf.get_section_by_name(".isr_vector")["sh_addr"]
        symbols = {s.name: s["st_value"] for s in elf.get_section_by_name(".symtab").iter_symbols()}
    boot2 = 256 if name == "pico" else 0  # the RP2040's boot ROM runs the first 256 bytes (test_armv6m.py)
    assert text == board.flash_origin + boot2 and symbols["__stack_top"] <= board.ram_origin + board.ram_size
    ran = cli("run", project)
    assert ran.returncode == 2
    errors = [line for line in ran.stderr.splitlines() if line.startswith("mcugen: error:")]
    assert len(errors) == 1 and "real hardware" in errors[0] and board.upload_protocol in errors[0]


# --- faults and hangs ------------------------------------------------------------------------------------

FAULT_SOURCE = """/* Test only: fault before main, once the console works. */
#include "mg_board.h"
__attribute__((constructor, noinline)) void mg_test_fault(void)
{
    mg_board_init();
    mg_board_puts("about to fault\\n");
    __builtin_trap(); /* UDF: an UNDEFINSTR UsageFault on every core */
}
"""

HANG_SOURCE = """/* Test only: never return, after saying so. */
#include "mg_board.h"
__attribute__((constructor)) static void mg_test_hang(void)
{
    mg_board_init();
    mg_board_puts("about to hang\\n");
    for (;;) {
    }
}
"""


def _project_with(tmp_path, board_name, name, source):
    project, _ = generate([MLP_INT8], Options(load_board(board_name)), tmp_path / "fw")
    (project.path / "src" / name).write_text(source)
    return project, build(project.path).elf


@pytest.mark.qemu
@pytest.mark.parametrize("name", QEMU_BOARDS)
def test_fault_is_reported_and_exits_nonzero(cli, tmp_path, name):
    project, elf = _project_with(tmp_path, name, "zz_fault.c", FAULT_SOURCE)
    board = load_board(name)
    with open(elf, "rb") as fh:
        sym = next(s for s in ELFFile(fh).get_section_by_name(".symtab").iter_symbols() if s.name == "mg_test_fault")
    start = time.monotonic()
    with pytest.raises(McugenError) as err:
        run_qemu(elf, board, project.inputs, project.outputs, random_sets(project.inputs, 1, 0), timeout=30)
    assert time.monotonic() - start < 30
    line = str(err.value)
    # ARMv6-M has HardFault only and no fault status registers; elsewhere UFSR.UNDEFINSTR.
    fault = "FAULT HardFault" if name in ARMV6M_BOARDS else "FAULT CFSR=0x00010000"
    assert fault in line, line
    fields = dict(f.split("=") for f in line.split("FAULT ")[1].split() if "=" in f)
    pc = int(fields["PC"], 16)
    assert sym["st_value"] & ~1 <= pc < (sym["st_value"] & ~1) + sym["st_size"], line  # the faulting function
    assert ("SFSR" in fields) == (name in ARMV8M_BOARDS)
    # The same through the CLI: one error line, a non-zero exit.
    ran = cli("run", project.path, "--random", 1)
    assert ran.returncode != 0 and f"firmware reported: {fault}" in ran.stderr


@pytest.mark.qemu
@pytest.mark.parametrize("name", ["mps2-an386", "mps2-an505"])
def test_hang_is_stopped_by_the_timeout_with_the_last_output(tmp_path, name):
    project, elf = _project_with(tmp_path, name, "zz_hang.c", HANG_SOURCE)
    start = time.monotonic()
    with pytest.raises(McugenError) as err:
        run_qemu(elf, load_board(name), project.inputs, project.outputs, random_sets(project.inputs, 1, 0), timeout=5)
    assert time.monotonic() - start < 15
    assert "did not finish within 5 s" in str(err.value) and "about to hang" in str(err.value)


def _emulators_of(elf: Path) -> list[int]:
    """Pids of the QEMU processes running `elf`."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0") if entry.name.isdigit() else []
        except OSError:  # gone meanwhile
            continue
        if any(b"qemu-system-arm" in a for a in cmdline[:1]) and any(str(elf).encode() in a for a in cmdline):
            pids.append(int(entry.name))
    return pids


@pytest.mark.qemu
def test_a_killed_run_takes_its_emulator_with_it(tmp_path):
    """A `mcugen run` killed outright (a CI job's timeout, a killed test worker) leaves no QEMU behind: the run
    stage starts it with a parent-death signal (setpriv), so a hung firmware's emulator does not load the machine
    after its caller is gone."""
    project, elf = _project_with(tmp_path, "mps2-an386", "zz_hang.c", HANG_SOURCE)
    mcugen = Path(sys.executable).parent / "mcugen"
    caller = subprocess.Popen(
        [mcugen, "run", project.path, "--random", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while not _emulators_of(elf):
        assert caller.poll() is None and time.monotonic() < deadline, "QEMU never started"
        time.sleep(0.1)
    caller.kill()
    caller.wait()
    deadline = time.monotonic() + 10
    while _emulators_of(elf):
        assert time.monotonic() < deadline, "QEMU outlived its killed caller"
        time.sleep(0.1)


@pytest.mark.qemu
@pytest.mark.parametrize("name", ["mps2-an505", "mps3-an547", "lm3s6965evb", "netduinoplus2"])
def test_two_identical_runs_give_identical_costs(cli, tmp_path, name):
    assert cli("generate", MLP_INT8, "--board", name, "-o", tmp_path / "fw").returncode == 0
    runs = [cli("run", tmp_path / "fw", "--random", 3, "--seed", 7, "--json") for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    a, b = (json.loads(r.stdout) for r in runs)
    assert [s["node_instructions"] for s in a["sets"]] == [s["node_instructions"] for s in b["sets"]]
    assert [s["ticks"] for s in a["sets"]] == [s["ticks"] for s in b["sets"]]
    assert all(n > 0 for s in a["sets"] for n in s["node_instructions"])


# --- pio test ---------------------------------------------------------------------------------------------


@pytest.mark.qemu
def test_pio_test_runs_the_firmware_in_qemu_offline(tmp_path):
    project, _ = generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "fw")
    core = tmp_path / "core"
    prepare_core_dir(core)
    cmd = [sys.executable, "-m", "platformio", "test", "-d", str(project.path), "-e", "mps2-an386"]
    if shutil.which("unshare") and subprocess.run(["unshare", "-n", "true"]).returncode == 0:
        cmd = ["unshare", "-n", *cmd]  # offline for real
    result = subprocess.run(cmd, env=pio_env(core), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = result.stdout
    for case in ("boot:PASS", "inference_set_0:PASS", "output_0_set_0:PASS", "stack:PASS", "done:PASS"):
        assert case in out, out
    assert "0 Failures 0 Ignored" in out and "test cases: 6 succeeded" in out


# --- Renode -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", REAL_BOARDS)
def test_renode_files_exist_and_the_run_script_names_them(name, tmp_path):
    board = load_board(name)
    resc = board.renode.script_path.read_text()
    repl = (ROOT / "renode" / f"{name}.repl").read_text()
    assert f"@{name}.repl" in resc and "$bin?=" in resc and "LoadELF $bin" in resc
    assert 'using "platforms/cpus/' in repl and "Miscellaneous.DWT @ sysbus 0xE0001000" in repl
    mips = int(resc.split("PerformanceInMips")[1].split()[0])
    assert f"frequency: {mips}000000" in repl  # one DWT count per instruction
    script = run_script(board, tmp_path / "firmware.elf", tmp_path / "in.bin", 0x08001000, tmp_path / "out.txt")
    assert f"include @{board.renode.script_path}" in script and f"{board.renode.uart} CreateFileBackend" in script
    assert f"VectorTableOffset {board.flash_origin:#x}" in script and "LoadBinary" in script


def test_renode_absent_is_one_clear_error(cli, tmp_path):
    if shutil.which("renode"):
        pytest.skip("renode is installed: the missing-renode error cannot be shown")
    assert cli("generate", MLP_INT8, "--board", "nucleo-f446re", "-o", tmp_path / "fw").returncode == 0
    ran = cli("run", tmp_path / "fw", "--emulator", "renode")
    assert ran.returncode == 2
    assert ran.stderr.strip().splitlines()[-1].startswith("mcugen: error: renode not found on PATH")
    qemu_only = cli("run", tmp_path / "fw", "--emulator", "qemu")
    assert qemu_only.returncode == 2 and "--emulator renode" in qemu_only.stderr


FAKE_RENODE = """#!/usr/bin/env python3
# Stands in for Renode: reads the run script mcugen wrote, checks what it loads, prints a canned console into
# the UART file backend, then keeps running like Renode would until mcugen stops it.
import os, re, sys, time
if "--help" in sys.argv:
    print("  --disable-gui   Disable XWT GUI support.")
    sys.exit(0)
script = open(sys.argv[sys.argv.index("-e") + 1].split("@", 1)[1]).read()
console = re.search(r"CreateFileBackend @(\\S+) true", script).group(1)
blob, addr = re.search(r"sysbus LoadBinary @(\\S+) (0x[0-9a-f]+)", script).groups()
assert os.path.getsize(blob) > 16 and int(addr, 16) > 0x8000000 and "VectorTableOffset 0x8000000" in script, script
with open(console, "w") as fh:
    fh.write("MCUGEN BOOT\\nMCUGEN COST 0 1234\\n")
    fh.write("".join(f"MCUGEN NODE 0 {n} {100 + n}\\n" for n in range(3)))
    fh.write("MCUGEN OUTPUT 0 0 01ff7f80\\nMCUGEN DONE\\n")
time.sleep(600)
"""


@pytest.mark.qemu
def test_renode_runner_drives_renode_and_reads_the_console(tmp_path):
    """The host side of a Renode run, with a stand-in for renode: the script it is given, the console file it
    reads, stopping Renode once the firmware is done, and the costs at one instruction per DWT count."""
    fake = tmp_path / "bin" / "renode"
    fake.parent.mkdir()
    fake.write_text(FAKE_RENODE)
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    project = tmp_path / "fw"
    generate([MLP_INT8], Options(load_board("nucleo-f446re")), project)
    start = time.monotonic()
    ran = subprocess.run(
        [sys.executable, "-m", "generator", "run", str(project), "--emulator", "renode", "--random", "1", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stderr
    assert time.monotonic() - start < 120  # stopped at DONE, not after the stand-in's 600 s
    result = json.loads(ran.stdout)
    assert result["sets"][0]["outputs"] == [[[1, -1, 127, -128]]]
    assert result["sets"][0]["cost_instructions"] == 1234 and result["sets"][0]["node_instructions"] == [100, 101, 102]


needs_renode = pytest.mark.skipif(
    shutil.which("renode") is None,
    reason="renode is not on PATH (it cannot be installed from this project's "
    "package registries); install it from https://renode.io to run these",
)


@pytest.mark.qemu
@needs_renode
@pytest.mark.parametrize("name", REAL_BOARDS)
def test_verify_in_renode(cli, tmp_path, name):
    result = cli(
        "verify", MLP_INT8, "--board", name, "--emulator", "renode", "--random", 3, "-o", tmp_path / "fw", "--json"
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and report["cost_per_inference"] > 1000


@pytest.mark.qemu
@pytest.mark.skipif(shutil.which("renode-test") is None, reason="renode-test is not on PATH")
@needs_renode
def test_robot_suite_in_renode(cli, tmp_path):
    assert cli("generate", MLP_INT8, "--board", "nucleo-f446re", "-o", tmp_path / "fw").returncode == 0
    assert cli("build", tmp_path / "fw").returncode == 0
    elf = tmp_path / "fw" / ".pio" / "build" / "nucleo-f446re" / "firmware.elf"
    result = subprocess.run(
        [
            "renode-test",
            str(ROOT / "renode" / "mcugen.robot"),
            "--variable",
            "BOARD:nucleo-f446re",
            "--variable",
            "UART:sysbus.usart2",
            "--variable",
            f"ELF:{elf}",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-3000:]
