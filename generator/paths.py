"""Where mcugen's non-Python parts live (the package is installed editable from the repository)."""

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
