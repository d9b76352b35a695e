"""The PlatformIO core folder a generated project names in its platformio.ini (`core_dir`), and what that folder
holds of mcugen's: the platform `mcugen-cortexm` with the board JSONs, its toolchain package, and the extra script
of `custom_mcugen_models` (pio_models.py runs it). The folder is named after that content, so a project never
builds with another platform than the one it was generated for; build/pio_core.py installs it.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from .. import __version__
from ..paths import BOARDS, cache_root

TOOLCHAIN_PACKAGE = BOARDS / "packages" / "toolchain-gccarmnoneeabi"
PLATFORM = BOARDS / "platform"
PLATFORM_NAME = "mcugen-cortexm"


def installed_files() -> list[tuple[str, Path]]:
    """What the core folder holds of mcugen's, by its path there (the platform, its boards, the toolchain)."""
    files = [(f"platforms/{PLATFORM_NAME}/{p.relative_to(PLATFORM)}", p) for p in sorted(PLATFORM.rglob("*"))]
    files += [(f"platforms/{PLATFORM_NAME}/boards/{p.name}", p) for p in sorted(BOARDS.glob("*.json"))]
    files += [
        (f"packages/toolchain-gccarmnoneeabi/{p.relative_to(TOOLCHAIN_PACKAGE)}", p)
        for p in sorted(TOOLCHAIN_PACKAGE.rglob("*"))
    ]
    return [(rel, p) for rel, p in files if p.is_file() and "__pycache__" not in p.parts]


def core_dir() -> Path:
    """One PlatformIO core folder per content of mcugen's platform and per mcugen installation (the extra script
    there runs this installation's Python): a project never builds with another platform than the one it was
    generated for, and the folder it names stays as it was when mcugen changes."""
    digest = hashlib.sha256(extra_script().encode())
    for rel, path in installed_files():
        digest.update(rel.encode() + b"\0" + (os.readlink(path).encode() if path.is_symlink() else path.read_bytes()))
    default = cache_root() / "platformio-"
    return Path(os.environ.get("MCUGEN_PIO_CORE_DIR", f"{default}{digest.hexdigest()[:12]}"))


def core_dir_setting() -> str:
    """platformio.ini's `core_dir`: under the home folder as `~/...`, so a project keeps it when copied to another
    machine (or user) where mcugen prepared its core."""
    core = core_dir()
    try:
        return f"~/{core.relative_to(Path.home()).as_posix()}"
    except ValueError:
        return str(core)


EXTRA_SCRIPT = '''"""PlatformIO extra script written by mcugen {version}: generates the models named in
custom_mcugen_models as libraries into the build folder when they changed (docs/embedding.md). Hook it in with:
    extra_scripts = pre:${{platformio.core_dir}}/mcugen/models.py
"""

import os
import subprocess

Import("env")  # noqa: F821

MCUGEN_PYTHON = {python!r}
models = env.GetProjectOption("custom_mcugen_models", "")  # noqa: F821
if models.strip():
    out = os.path.join(env.subst("$BUILD_DIR"), "mcugen")  # noqa: F821
    board = env.GetProjectOption("custom_mcugen_board", env.subst("$BOARD"))  # noqa: F821
    cmd = [MCUGEN_PYTHON, "-m", "generator.pio_models", env.subst("$PROJECT_DIR"), out, board, models]  # noqa: F821
    if subprocess.run(cmd).returncode != 0:
        env.Exit(2)  # noqa: F821
    env.Append(LIBSOURCE_DIRS=[out])  # noqa: F821
'''


def extra_script() -> str:
    """The extra script's text: it runs this module with the Python mcugen is installed in (the venv's own
    interpreter path, not the file it links to, so the venv's packages come with it)."""
    return EXTRA_SCRIPT.format(version=__version__, python=sys.executable)
