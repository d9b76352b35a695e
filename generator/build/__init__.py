"""build: project folder -> firmware ELF, with PlatformIO on the local platform and Debian's toolchain, in
mcugen's PlatformIO core folder (pio_core.py: offline, no registry)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ..emit import load_project
from ..errors import McugenError
from ..units import nbytes
from .pio_core import prepare_core

# GNU ld's words when a section does not fit a MEMORY region of memory.ld (FLASH or RAM).
_OVERFLOW = re.compile(r"region [`'](\w+)' overflowed by (\d+) bytes")
# The compile jobs of one build (PlatformIO's default: one per core).
BUILD_JOBS_VARIABLE = "MCUGEN_BUILD_JOBS"


@dataclass
class BuildResult:
    elf: Path
    log: str


def pio_test(project_dir: Path, board: str) -> int:
    """`pio test` on a generated project (its custom runner reads the firmware's console); PlatformIO's exit code."""
    cmd = [sys.executable, "-m", "platformio", "test", "-d", str(project_dir), "-e", board]
    return subprocess.run(cmd, env=pio_env(prepare_core())).returncode


def pio_env(core: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PLATFORMIO_CORE_DIR=str(core),
        PLATFORMIO_NO_ANSI="1",
        PLATFORMIO_SETTING_ENABLE_TELEMETRY="No",
        PLATFORMIO_SETTING_CHECK_PLATFORMIO_INTERVAL="36500",
        PLATFORMIO_DISABLE_PROGRESSBAR="true",
    )
    return env


def overflow_message(log: str, board: str) -> str | None:
    """One line naming each region the link overflowed and by how many bytes, or None when the build failed
    otherwise."""
    over = {region: int(n) for region, n in _OVERFLOW.findall(log)}
    if not over:
        return None
    regions = " and ".join(f"{region} by {nbytes(n)}" for region, n in over.items())
    return (
        f"the firmware does not fit {board}: it overflows {regions} at link (`mcugen size` on a board that fits "
        "shows where the bytes go); choose a bigger board or a smaller model"
    )


def build(project_dir: Path, verbose: bool = False) -> BuildResult:
    project = load_project(project_dir)
    if shutil.which("arm-none-eabi-gcc") is None:
        raise McugenError(
            "arm-none-eabi-gcc not found; install it: apt-get install gcc-arm-none-eabi "
            "libnewlib-arm-none-eabi (or run `make setup`)"
        )
    core = prepare_core()
    cmd = [sys.executable, "-m", "platformio", "run", "-d", str(project.path), "-e", project.board]
    jobs = os.environ.get(BUILD_JOBS_VARIABLE)
    if jobs:  # a share of the cores: set by a bench/zoo run's local workers so parallel builds do not crowd them
        cmd += ["--jobs", jobs]

    proc = subprocess.run(cmd, env=pio_env(core), capture_output=not verbose, text=True)
    log = (proc.stdout or "") + (proc.stderr or "")
    if proc.returncode != 0:
        overflow = overflow_message(log, project.board)
        if overflow:
            raise McugenError(overflow)
        tail = "\n".join(line for line in log.splitlines()[-15:])
        raise McugenError(f"build failed in {project.path} (pio run exit {proc.returncode}):\n{tail}")
    elf = project.path / ".pio" / "build" / project.board / "firmware.elf"
    if not elf.is_file():
        raise McugenError(f"build produced no {elf}")
    return BuildResult(elf, log)
