"""The zoo description file (TOML, docs/zoo.md): which models run on which boards, with which kernels, memory
modes and input sets. Top-level keys are the defaults; each [[models]] entry may override any of them.

    sets = 3
    boards = ["mps2-an386"]
    backends = ["reference", "auto"]

    [[models]]
    zoo = "sine_float"

    [[models]]
    path = "models/kws.tflite"   # relative to the zoo file
    memory = ["auto", "min"]
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from .. import zoo
from ..bench.tasks import BenchTask
from ..boards import board_names
from ..catalog.backends import BACKEND_CORES
from ..errors import McugenError, did_you_mean

MEMORY_MODES = ("auto", "layer", "min")
DEFAULTS = {"boards": ["mps2-an386"], "backends": ["reference"], "memory": ["auto"], "sets": 3, "seed": 0}
LIST_KEYS = ("boards", "backends", "memory")
MODEL_KEYS = {"zoo", "path", "name", *DEFAULTS}
TOP_KEYS = {"models", "all_ops", *DEFAULTS}


def load_tasks(zoo_file: Path) -> list[BenchTask]:
    """Every (model, board, backend, memory mode) of the file as a task, in the file's order."""
    try:
        data = tomllib.loads(Path(zoo_file).read_text())
    except OSError as exc:
        raise McugenError(f"cannot read zoo file {zoo_file}: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise McugenError(f"{zoo_file} is not valid TOML: {exc}") from None
    _known_keys(data, TOP_KEYS, f"{zoo_file}")
    defaults = {k: data.get(k, v) for k, v in DEFAULTS.items()}
    models = data.get("models")
    if not isinstance(models, list) or not models:
        raise McugenError(f"{zoo_file} lists no models: add [[models]] entries with zoo = NAME or path = FILE")
    all_ops = data.get("all_ops", False)
    tasks = []
    for n, entry in enumerate(models, 1):
        where = f"{zoo_file}: models entry {n}"
        if not isinstance(entry, dict):
            raise McugenError(f"{where} is not a table")
        _known_keys(entry, MODEL_KEYS, where)
        options = _checked({k: entry.get(k, v) for k, v in defaults.items()}, where)
        name, model_bytes = _model(entry, Path(zoo_file).parent, where)
        for board in options["boards"]:
            for backend in options["backends"]:
                for memory in options["memory"]:
                    tasks.append(
                        BenchTask(name, model_bytes, board, backend, memory, options["sets"], options["seed"], all_ops)
                    )
    keys = [(t.model, t.board, t.backend, t.memory) for t in tasks]
    doubled = next((k for k in keys if keys.count(k) > 1), None)
    if doubled:
        raise McugenError(f"{zoo_file} runs {doubled[0]} on {doubled[1]} ({doubled[2]}, {doubled[3]}) twice")
    return tasks


def _known_keys(table: dict, known: set[str], where: str) -> None:
    for key in table:
        if key not in known:
            raise McugenError(f"{where}: unknown key '{key}'{did_you_mean(key, sorted(known))}")


def _checked(options: dict, where: str) -> dict:
    for key in LIST_KEYS:
        value = options[key]
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise McugenError(f"{where}: {key} must be a non-empty list of names, not {value!r}")
    for board in options["boards"]:
        if board not in board_names():
            raise McugenError(f"{where}: unknown board '{board}'{did_you_mean(board, board_names())}")
    known_backends = ["auto", *BACKEND_CORES]
    for backend in options["backends"]:
        for part in backend.split(","):
            if part.strip() not in known_backends:
                raise McugenError(f"{where}: unknown backend '{part}'; known: {', '.join(known_backends)}")
    for memory in options["memory"]:
        if memory not in MEMORY_MODES:
            raise McugenError(f"{where}: unknown memory mode '{memory}'; known: {', '.join(MEMORY_MODES)}")
    for key in ("sets", "seed"):
        if not isinstance(options[key], int) or isinstance(options[key], bool) or options[key] < (key == "sets"):
            raise McugenError(f"{where}: {key} must be a whole number of at least {int(key == 'sets')}")
    return options


def _model(entry: dict, base: Path, where: str) -> tuple[str, bytes]:
    """The model's report name and bytes: a zoo name (fetched once), or a file relative to the zoo file."""
    if ("zoo" in entry) == ("path" in entry):
        raise McugenError(f"{where}: give one of zoo = NAME and path = FILE")
    if "zoo" in entry:
        if entry["zoo"] not in zoo.ALL_NAMES:
            hint = did_you_mean(str(entry["zoo"]), zoo.ALL_NAMES)
            raise McugenError(f"{where}: no zoo model '{entry['zoo']}'{hint}; zoo models: {', '.join(zoo.ALL_NAMES)}")
        path = zoo.fetch(entry["zoo"])
        name = entry.get("name", entry["zoo"])
    else:
        path = base / entry["path"]
        name = entry.get("name", Path(entry["path"]).stem)
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        raise McugenError(f"{where}: name {name!r} must be letters, digits, '_', '.' or '-' (it names files)")
    try:
        return name, path.read_bytes()
    except OSError as exc:
        raise McugenError(f"{where}: cannot read model {path}: {exc.strerror or exc}") from None
