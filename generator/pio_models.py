"""PlatformIO integration for a project of the user's own: the models its platformio.ini names in
`custom_mcugen_models`, each generated as a library (`mcugen generate --as library`) into the build folder, again
only when its .tflite file (or its options, or mcugen) changed since the last build. mcugen's extra script
(emit/core_folder.py holds its text, build/pio_core.py writes it into the core folder) runs this module with
mcugen's Python; see docs/embedding.md. It runs the whole pipeline, so it stands beside pipeline.py, not in build/.

    custom_mcugen_models =
        models/kws.tflite
        models/anomaly.tflite name=detector backend=reference
    custom_mcugen_board = nucleo-f446re   ; default: the env's board, when mcugen knows it
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .boards import board_names, load_board
from .emit.library import check_library_name, library_name
from .errors import McugenError

OPTIONS = ("name", "backend")


@dataclass
class ModelEntry:
    path: Path
    name: str
    backend: str


def parse_models(text: str, project_dir: Path) -> list[ModelEntry]:
    """A model per line: its path (relative to the project) and optional name=... and backend=... ."""
    entries = []
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        if not words:
            continue
        options = dict(word.partition("=")[::2] for word in words[1:])
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown or any("=" not in word for word in words[1:]):
            raise McugenError(
                f"custom_mcugen_models: '{line.strip()}': after the model's path only name=... and backend=... "
                "are allowed"
            )
        path = (project_dir / words[0]).resolve()
        if not path.is_file():
            raise McugenError(f"custom_mcugen_models: {words[0]} is not a file (paths are relative to {project_dir})")
        name = check_library_name(options.get("name") or library_name(path.stem))
        entries.append(ModelEntry(path, name, options.get("backend", "auto")))
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise McugenError("custom_mcugen_models: two models have one name; give one of them name=...")
    return entries


def mcugen_board(board: str) -> str:
    """The env's board as mcugen calls it (PlatformIO's nucleo_f446re is mcugen's nucleo-f446re)."""
    for candidate in (board, board.replace("_", "-")):
        if candidate in board_names():
            return candidate
    raise McugenError(
        f"mcugen has no board '{board}': set custom_mcugen_board to the closest of {', '.join(board_names())} "
        "(it picks the kernels for the core and checks the fit)"
    )


def _stamp(entry: ModelEntry, board: str) -> dict:
    stat = entry.path.stat()
    return {
        "model": str(entry.path),
        "mtime_ns": stat.st_mtime_ns,
        "size": stat.st_size,
        "board": board,
        "backend": entry.backend,
        "mcugen": __version__,
    }


def update(project_dir: Path, out: Path, board: str, models: str) -> list[str]:
    """Generates each stale model library under out/NAME; one line per model says what happened."""
    from .pipeline import Options, generate  # the whole pipeline only when a model needs it

    board = mcugen_board(board)
    lines = []
    for entry in parse_models(models, project_dir):
        stamp_path = out / f"{entry.name}.mcugen-stamp.json"
        stamp = _stamp(entry, board)
        try:
            fresh = json.loads(stamp_path.read_text()) == stamp and (out / entry.name / "mcugen.json").is_file()
        except (OSError, ValueError):
            fresh = False
        if fresh:
            lines.append(f"mcugen: {entry.name} is up to date ({entry.path.name})")
            continue
        generate([entry.path], Options(load_board(board), backend=entry.backend), out / entry.name, [entry.name], True)
        stamp_path.write_text(json.dumps(stamp))
        lines.append(f"mcugen: generated {entry.name} from {entry.path.name} for {board} into {out / entry.name}")
    return lines


def main(argv: list[str]) -> int:
    """python -m generator.pio_models PROJECT_DIR OUT_DIR BOARD MODELS (what the extra script passes)."""
    project_dir, out, board, models = argv
    try:
        Path(out).mkdir(parents=True, exist_ok=True)
        for line in update(Path(project_dir), Path(out), board, models):
            print(line)
    except (McugenError, OSError) as exc:
        print(f"mcugen: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
