"""build: project folder -> firmware ELF, with PlatformIO on the local platform and Debian's toolchain.

PlatformIO runs in its own core folder (MCUGEN_PIO_CORE_DIR, default ~/.cache/mcugen/platformio-<hash of the
checkout>) that mcugen seeds with a `tool-scons` package backed by PyPI's SCons, so no registry is ever contacted.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from ..emit import load_project
from ..errors import McugenError
from ..locking import exclusive
from ..paths import BOARDS

SCONS_PACKAGE = BOARDS / "packages" / "tool-scons"


@dataclass
class BuildResult:
    elf: Path
    log: str


def core_dir() -> Path:
    """One PlatformIO core folder per mcugen checkout: the local platform is installed there as a link to this
    checkout's boards/platform, and two checkouts sharing one folder would build with each other's platform."""
    checkout = hashlib.sha256(str(BOARDS.resolve()).encode()).hexdigest()[:12]
    default = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mcugen" / f"platformio-{checkout}"
    return Path(os.environ.get("MCUGEN_PIO_CORE_DIR", default))


def prepare_core_dir(core: Path) -> None:
    """Installs the local tool-scons package where PlatformIO looks for `platformio/tool-scons`."""
    from platformio.dependencies import get_core_dependencies

    # Claim exactly the version this PlatformIO asks for (e.g. "~4.41101.0"); the SCons behind it is PyPI's.
    version = get_core_dependencies()["tool-scons"].lstrip("~^=<>")
    target = core / "packages" / "tool-scons"
    meta = {
        "type": "tool",
        "name": "tool-scons",
        "version": version,
        "spec": {"owner": "platformio", "id": None, "name": "tool-scons", "requirements": None, "uri": None},
    }
    if (target / ".piopm").is_file() and json.loads((target / ".piopm").read_text()) == meta:
        return
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(SCONS_PACKAGE, target)
    manifest = json.loads((target / "package.json").read_text())
    (target / "package.json").write_text(json.dumps({**manifest, "version": version}))
    (target / ".piopm").write_text(json.dumps(meta))


def prepare_core() -> Path:
    """The core folder, ready for an offline `pio run` or `pio test`; one error line when it cannot be written."""
    core = core_dir()
    try:
        with exclusive(core.parent / f"{core.name}.lock"):  # parallel workers: one installs, none sees it half done
            prepare_core_dir(core)
    except OSError as exc:
        raise McugenError(
            f"cannot prepare PlatformIO's core folder {core}: {exc.strerror or exc}; set "
            "MCUGEN_PIO_CORE_DIR (or XDG_CACHE_HOME) to a folder you can write"
        ) from None
    return core


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


def build(project_dir: Path, verbose: bool = False) -> BuildResult:
    project = load_project(project_dir)
    if shutil.which("arm-none-eabi-gcc") is None:
        raise McugenError(
            "arm-none-eabi-gcc not found; install it: apt-get install gcc-arm-none-eabi "
            "libnewlib-arm-none-eabi (or run `make setup`)"
        )
    core = prepare_core()
    cmd = [sys.executable, "-m", "platformio", "run", "-d", str(project.path), "-e", project.board]

    def pio_run() -> subprocess.CompletedProcess:
        return subprocess.run(cmd, env=pio_env(core), capture_output=not verbose, text=True)

    # The first build installs the local platform into the core folder: one process at a time does that
    # (parallel test workers, two mcugen commands); once it is there, builds run side by side.
    with exclusive(core.parent / f"{core.name}.lock"):
        proc = pio_run() if not (core / "platforms").is_dir() else None
    proc = proc or pio_run()
    log = (proc.stdout or "") + (proc.stderr or "")
    if proc.returncode != 0:
        tail = "\n".join(line for line in log.splitlines()[-15:])
        raise McugenError(f"build failed in {project.path} (pio run exit {proc.returncode}):\n{tail}")
    elf = project.path / ".pio" / "build" / project.board / "firmware.elf"
    if not elf.is_file():
        raise McugenError(f"build produced no {elf}")
    return BuildResult(elf, log)
