"""ARMv6-M (Cortex-M0/M0+): the reference kernels and the runtime build for it, the dsp/mve backends are never
picked for it, and its firmware holds ARMv6-M code only, verified bit-exact on QEMU's microbit (a real Cortex-M0)
and, as M0+ code, on the AN385 (docs/boards.md, "ARMv6-M")."""

import json
import shutil
import subprocess
import zlib

import pytest
from elftools.elf.elffile import ELFFile

from conftest import MLP_INT8
from generator.boards import load_board
from generator.catalog.backends import choose_backends
from generator.paths import ROOT, kernel_include_dirs, kernel_sources
from generator.pipeline import Options, generate

ARMV6M_BOARDS = ["microbit", "mps2-an385-m0plus"]
REAL_ARMV6M_BOARDS = ["pico", "nucleo-g071rb", "arduino-zero"]
RUNTIME = ROOT / "firmware" / "runtime"
# The ARMv7E-M/ARMv8.1-M backends: never built for ARMv6-M.
BACKEND_SOURCE_MARKS = ("_dsp", "_mve")

needs_arm_gcc = pytest.mark.skipif(shutil.which("arm-none-eabi-gcc") is None, reason="needs arm-none-eabi-gcc")


@pytest.mark.parametrize("name", ARMV6M_BOARDS + REAL_ARMV6M_BOARDS)
def test_armv6m_boards_get_the_portable_and_reference_kernels(cli, tmp_path, name):
    board = load_board(name)
    assert board.cpu in ("cortex-m0", "cortex-m0plus") and board.fpu == ""
    assert choose_backends("auto", board.cpu) == ["portable", "reference"]
    for backend in ("dsp", "mve"):
        result = cli("generate", MLP_INT8, "--board", name, "--backend", backend, "-o", tmp_path / backend)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, result.stderr
        assert f"backend '{backend}' needs a" in lines[0] and f"this board is a {board.cpu}" in lines[0]


def _reference_kernel_sources():
    return sorted(p for p in kernel_sources() if not any(mark in p.stem for mark in BACKEND_SOURCE_MARKS))


@needs_arm_gcc
def test_every_reference_kernel_and_the_runtime_compile_for_cortex_m0(tmp_path):
    """gcc -mcpu=cortex-m0 only emits ARMv6-M instructions, and its assembler refuses any other: what can break
    is inline asm and ACLE intrinsics (SSAT, SMLAD, SDIV, ...) outside a feature test. Every reference kernel, and
    a generated project's runtime, harness and board code, with the firmware's flags and warnings as errors."""
    kernels = _reference_kernel_sources()
    assert len(kernels) > 200
    project, _ = generate([MLP_INT8], Options(load_board("microbit")), tmp_path / "fw")
    src = project.path / "src"
    own = [p for p in src.rglob("*") if p.suffix in (".c", ".cc") and p.parent.name != "kernels"]
    assert {"main.cc", "mg_interpreter.cc", "mg_flexbuffers.c", "startup_cortexm.c", "uart_nrf51.c"} <= {
        p.name for p in own
    }
    machine = ["-mcpu=cortex-m0", "-mthumb", "-mfloat-abi=soft", "-Os", "-ffp-contract=off", "-Wall", "-Wextra"]
    # -Werror makes an undeclared intrinsic (an implicit declaration) fail here rather than at link time;
    # missing-field-initializers is a style warning every core's build shows alike, not this test's concern.
    machine += ["-Werror", "-Wno-missing-field-initializers"]
    # the firmware's kernels include their headers by name from every family folder, as the project's flat copy
    includes = [f"-I{src / d}" for d in ("runtime", "kernels", "board")] + [f"-I{src}"]
    includes += [f"-I{d}" for d in kernel_include_dirs()]
    board_flags = load_board("microbit").build_flags()
    c_sources = [p for p in own if p.suffix == ".c"] + kernels
    cc_sources = [p for p in own if p.suffix == ".cc"]
    out = tmp_path / "obj"
    out.mkdir()
    for compiler, std, sources in (
        ("arm-none-eabi-gcc", ["-std=c99"], c_sources),
        ("arm-none-eabi-g++", ["-std=c++17", "-fno-exceptions", "-fno-rtti"], cc_sources),
    ):
        result = subprocess.run(
            [compiler, *machine, *std, *board_flags, *includes, "-c", *map(str, sources)],
            cwd=out,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr[-4000:]
    assert len(list(out.glob("*.o"))) == len(c_sources) + len(cc_sources)


@pytest.mark.qemu
@pytest.mark.parametrize("name", ARMV6M_BOARDS)
def test_armv6m_firmware_is_armv6m_code_and_verifies(cli, tmp_path, name):
    """The linked firmware (libc and libgcc included) is marked ARMv6-M, Thumb-1 only, and matches TFLite Micro."""
    project = tmp_path / "fw"
    result = cli("verify", MLP_INT8, "--board", name, "--random", 3, "--seed", 2, "-o", project, "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and report["board"] == name
    elf = project / ".pio" / "build" / name / "firmware.elf"
    attributes = subprocess.run(
        ["arm-none-eabi-readelf", "-A", str(elf)], capture_output=True, text=True, check=True
    ).stdout
    assert "Tag_CPU_arch: v6S-M" in attributes and "Tag_CPU_arch_profile: Microcontroller" in attributes
    assert "Tag_THUMB_ISA_use: Thumb-1" in attributes, attributes
    with open(elf, "rb") as fh:  # no RP2040 boot2 on other boards: the vector table opens the flash
        sections = ELFFile(fh)
        assert sections.get_section_by_name(".boot2") is None
        assert sections.get_section_by_name(".isr_vector")["sh_addr"] == load_board(name).flash_origin


def _crc32_mpeg2(data: bytes) -> int:
    """CRC-32/MPEG-2 (unreflected, init 0xFFFFFFFF, no final XOR) from zlib's reflected CRC-32: feeding it every
    byte bit-reversed and reversing its result (without zlib's final XOR) gives the unreflected CRC."""
    reflected = zlib.crc32(bytes(int(f"{b:08b}"[::-1], 2) for b in data)) ^ 0xFFFFFFFF
    return int(f"{reflected:032b}"[::-1], 2)


def test_the_crc_reference_is_crc32_mpeg2():
    assert _crc32_mpeg2(b"123456789") == 0x0376E6E7  # the catalogued check value of CRC-32/MPEG-2


@pytest.mark.qemu
def test_pico_firmware_starts_with_a_boot2_the_boot_rom_accepts(cli, tmp_path):
    """The RP2040 boot ROM runs flash's first 256 bytes only if their last 4 are the CRC of the first 252: the
    platform builder writes it after the link. boot2 then enters the vector table at 0x10000100."""
    project = tmp_path / "fw"
    assert cli("generate", MLP_INT8, "--board", "pico", "-o", project).returncode == 0
    assert cli("build", project).returncode == 0
    with open(project / ".pio" / "build" / "pico" / "firmware.elf", "rb") as fh:
        elf = ELFFile(fh)
        boot2 = elf.get_section_by_name(".boot2")
        vectors = elf.get_section_by_name(".isr_vector")
        symbols = {s.name: s["st_value"] for s in elf.get_section_by_name(".symtab").iter_symbols()}
        image = boot2.data()
        assert boot2["sh_addr"] == 0x10000000 and boot2["sh_size"] == 256 and vectors["sh_addr"] == 0x10000100
        reset = int.from_bytes(vectors.data()[4:8], "little")
    assert int.from_bytes(image[252:], "little") == _crc32_mpeg2(image[:252])
    assert (0x10000100).to_bytes(4, "little") in image[:252]  # the VTOR value boot2 loads
    assert reset & ~1 == symbols["Reset_Handler"] & ~1 and reset & 1  # a Thumb entry
