"""Where mcugen's non-Python parts live (the package is installed editable from the repository)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"
FIRMWARE = ROOT / "firmware"
TEMPLATES = ROOT / "templates"
