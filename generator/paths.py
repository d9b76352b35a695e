"""Where mcugen's non-Python parts live (the package is installed editable from the repository), and the folders
it writes when not told where."""

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"
FIRMWARE = ROOT / "firmware"
TEMPLATES = ROOT / "templates"


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
