"""Where mcugen's non-Python parts live (the package is installed editable from the repository), and the folders
it writes when not told where."""

import functools
import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"
FIRMWARE = ROOT / "firmware"
TEMPLATES = ROOT / "templates"
# The kernels' C sources, one folder per op family (reference and backend variants side by side) and common/ for the
# mg_* helpers several families share. Code names a kernel file by its name alone: kernel_path finds its folder,
# emitted projects get every file flat in src/kernels/, and host builds see each folder through -I.
KERNELS = FIRMWARE / "kernels"


@functools.cache
def _kernel_files() -> dict[str, Path]:
    files: dict[str, Path] = {}
    for path in sorted(KERNELS.glob("*/*")):
        if path.suffix in (".c", ".h"):
            if path.name in files:
                raise RuntimeError(f"two kernel files named {path.name}: {files[path.name]} and {path}")
            files[path.name] = path
    return files


def kernel_path(name: str) -> Path:
    """The kernel file `name` (e.g. "conv_2d_s8.c", "mg_requant.h") in its family folder; an absolute path (a custom
    op's source) as it is."""
    if Path(name).is_absolute():
        return Path(name)
    try:
        return _kernel_files()[name]
    except KeyError:
        raise FileNotFoundError(f"no kernel file {name} in {KERNELS}/<family>/") from None


def kernel_sources() -> list[Path]:
    """Every kernel C source, sorted by file name."""
    return sorted((p for p in _kernel_files().values() if p.suffix == ".c"), key=lambda p: p.name)


def kernel_headers() -> list[Path]:
    return sorted((p for p in _kernel_files().values() if p.suffix == ".h"), key=lambda p: p.name)


def kernel_include_dirs() -> list[Path]:
    """The family folders, for -I on host builds (kernels include each other's headers by name)."""
    return sorted(p for p in KERNELS.iterdir() if p.is_dir())


def cache_root() -> Path:
    """mcugen's own cache folder (default projects, host builds, PlatformIO core, zoo models, bench results, locks):
    XDG_CACHE_HOME/mcugen, ~/.cache/mcugen without it."""
    import os

    return Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mcugen"


def default_project_dir(model_path: Path, board_name: str) -> Path:
    """The project folder of a model on a board when no -o names one: in the cache, named after the model's bytes."""
    digest = hashlib.sha256(Path(model_path).read_bytes()).hexdigest()[:10]
    cache = cache_root() / "projects"
    return cache / f"{Path(model_path).stem}-{board_name}-{digest}"
