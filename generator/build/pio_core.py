"""mcugen's PlatformIO core folder (MCUGEN_PIO_CORE_DIR, default ~/.cache/mcugen/platformio-<hash of the
platform's files and of this installation>): seeded with copies of mcugen's platform `mcugen-cortexm` (with the
board JSONs), its toolchain package (links to Debian's compilers), a `tool-scons` package backed by PyPI's SCons,
so no registry is ever contacted, and the extra script of `custom_mcugen_models` (mcugen/models.py).
Generated projects name this folder in their platformio.ini (`core_dir`), so `pio run` works in them directly
wherever they are moved; the folder is named after its content, so a later mcugen with another platform uses a
new folder and leaves the one older projects name as it was.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from ..emit.core_folder import PLATFORM, PLATFORM_NAME, TOOLCHAIN_PACKAGE, core_dir, extra_script, installed_files
from ..errors import McugenError
from ..locking import exclusive
from ..paths import BOARDS

SCONS_PACKAGE = BOARDS / "packages" / "tool-scons"


def _install_package(target: Path, files: list[tuple[Path, Path]], meta: dict, texts: dict | None = None) -> None:
    """Copies a package into the core folder with PlatformIO's metadata (.piopm) written last: a folder whose
    .piopm says `meta` is complete and is left as it is."""
    if (target / ".piopm").is_file() and json.loads((target / ".piopm").read_text()) == meta:
        return
    shutil.rmtree(target, ignore_errors=True)
    for rel, source in files:
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():  # the toolchain's links to /usr/bin stay links
            dest.symlink_to(os.readlink(source))
        else:
            shutil.copyfile(source, dest)
    for rel, text in (texts or {}).items():
        (target / rel).write_text(text)
    (target / ".piopm").write_text(json.dumps(meta))


def _install_platform(core: Path) -> None:
    """The platform (with the board JSONs) and the toolchain package, installed as PlatformIO would."""
    files = installed_files()
    version = json.loads((PLATFORM / "platform.json").read_text())["version"]
    for kind, name, owner, pkg_version in (
        ("platform", PLATFORM_NAME, None, version),
        (
            "tool",
            "toolchain-gccarmnoneeabi",
            "mcugen",
            json.loads((TOOLCHAIN_PACKAGE / "package.json").read_text())["version"],
        ),
    ):
        folder = f"{'platforms' if kind == 'platform' else 'packages'}/{name}/"
        spec = {"owner": owner, "id": None, "name": name, "requirements": None, "uri": None}
        meta = {"type": kind, "name": name, "version": pkg_version, "spec": spec}
        _install_package(core / folder, [(Path(r[len(folder) :]), p) for r, p in files if r.startswith(folder)], meta)


def prepare_core_dir(core: Path) -> None:
    """Installs mcugen's platform, its toolchain package and the local tool-scons package where PlatformIO looks
    for them (`platformio/tool-scons`), and the extra script of custom_mcugen_models (pio_models.py)."""
    _install_platform(core)
    script = core / "mcugen" / "models.py"
    if not script.is_file() or script.read_text() != extra_script():
        script.parent.mkdir(parents=True, exist_ok=True)
        script.write_text(extra_script())
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
    files = [(p.relative_to(SCONS_PACKAGE), p) for p in sorted(SCONS_PACKAGE.glob("*.py"))]
    manifest = {**json.loads((SCONS_PACKAGE / "package.json").read_text()), "version": version}
    _install_package(target, files, meta, {"package.json": json.dumps(manifest)})


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
