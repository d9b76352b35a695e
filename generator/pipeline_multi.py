"""The pipeline for several models in one firmware (emit/multi.py): generate, run and verify, each model's input
sets, outputs and costs split out of the firmware's combined ones, each model compared with its own reference."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .boards import Board
from .build.pio_core import prepare_core
from .catalog.custom import load_custom_ops
from .compare import Comparison, compare
from .emit import MANIFEST, Project
from .emit.multi import FORM, MULTI_LIBRARY, Part, emit_multi, emit_multi_library, part_names
from .errors import McugenError
from .locking import project_lock
from .measure import SizeReport
from .pipeline import (
    build_and_run,
    checked_graph,
    default_set_count,
    load_input_file,
    load_model,
    progress,
    random_sets,
)
from .plan import plan
from .reference.fallback import reference_with_fallback
from .run import RunResult


@dataclass
class ModelShare:
    """One model's part of a firmware of several: where its inputs, outputs and nodes sit in the combined ones."""

    name: str
    model_name: str
    first_input: int
    num_inputs: int
    first_output: int
    num_outputs: int
    first_node: int
    num_nodes: int
    entry: dict  # the manifest's record of it (bytes, arena, persistent state, ops)


def shares(project: Project) -> list[ModelShare]:
    """The models of a firmware folder, empty for a firmware of one model."""
    try:
        data = json.loads((project.path / MANIFEST).read_text())
    except (OSError, ValueError):
        return []
    if data.get("form") != FORM:
        return []
    result, inputs, outputs, nodes = [], 0, 0, 0
    for entry in data["models"]:
        result.append(
            ModelShare(
                entry["name"],
                entry["model_name"],
                inputs,
                entry["inputs"],
                outputs,
                entry["outputs"],
                nodes,
                entry["nodes"],
                entry,
            )
        )
        inputs, outputs, nodes = inputs + entry["inputs"], outputs + entry["outputs"], nodes + entry["nodes"]
    return result


def generate_models(
    model_paths: list[Path],
    board: Board,
    out: Path,
    names: list[str] | None = None,
    arena: str = "shared",
    resolver: str = "model",
    backend: str = "auto",
    custom_ops: Path | None = None,
    verbose: bool = False,
    rewrite: bool = True,
    library: bool = False,
) -> tuple[Project, list[Part]]:
    """The firmware of several models, or with `library` one library of them (MULTI_LIBRARY names it)."""
    names = part_names(model_paths, names)
    parts = [
        Part(name, Path(path).name, plan(checked_graph(load_model(path), board, backend, custom_ops, rewrite)))
        for name, path in zip(names, model_paths)
    ]
    try:
        with project_lock(out):
            if library:
                return emit_multi_library(parts, board, out, MULTI_LIBRARY, arena, resolver), parts
            project = emit_multi(parts, board, out, arena, resolver, verbose)
    except OSError as exc:
        raise McugenError(f"cannot write the project folder {out}: {exc.strerror or exc}") from None
    try:
        prepare_core()
    except McugenError as exc:
        progress(f"note: {exc}; `mcugen build` will try again")
    return project, parts


def model_sets(models: list[ModelShare], per_model: list[list[list[np.ndarray]]]) -> list:
    """The firmware's input sets: set k holds every model's set k, in model order (all need as many sets)."""
    counts = {len(s) for s in per_model}
    if len(counts) != 1:
        raise McugenError(
            "the models run interleaved, one set each per round: give every model as many input sets ("
            + ", ".join(f"{m.name}: {len(s)}" for m, s in zip(models, per_model))
            + ")"
        )
    return [[v for sets in per_model for v in sets[k]] for k in range(counts.pop())]


def input_sets(project: Project, models: list[ModelShare], files: list[Path], count: int | None, seed: int) -> list:
    """Each model's sets: from an .npz per model (in order), from one .npz whose keys are prefixed by the model's
    name (NAME/input_0 or NAME/TENSOR), or random (the seed advanced per model)."""
    ios = [project.inputs[m.first_input : m.first_input + m.num_inputs] for m in models]
    if not files:
        n = default_set_count(count, project.stateful)
        return model_sets(models, [random_sets(io, n, seed + i) for i, io in enumerate(ios)])
    if len(files) == len(models):
        return model_sets(models, [load_input_file(f, io) for f, io in zip(files, ios)])
    if len(files) == 1:
        return model_sets(models, [_prefixed_inputs(files[0], m.name, io) for m, io in zip(models, ios)])
    raise McugenError(f"{len(files)} --inputs files for {len(models)} models: give one per model or one in all")


def _prefixed_inputs(path: Path, name: str, inputs) -> list:
    """One model's arrays of an .npz holding every model's, keys NAME/KEY, as their own .npz would hold them."""
    with np.load(path, allow_pickle=False) as archive:
        mine = {k.split("/", 1)[1]: archive[k] for k in archive.files if k.startswith(f"{name}/")}
    if not mine:
        raise McugenError(f"{path} has no arrays for model '{name}' (keys '{name}/input_0', ...)")
    with tempfile.TemporaryDirectory(prefix="mcugen-inputs-") as tmp:
        own = Path(tmp) / f"{name}.npz"
        np.savez(own, **mine)
        return load_input_file(own, inputs)


def split_results(result: RunResult, models: list[ModelShare]) -> list[list[list[np.ndarray]]]:
    """Each model's outputs per set, out of the firmware's combined outputs."""
    return [[s.outputs[m.first_output : m.first_output + m.num_outputs] for s in result.sets] for m in models]


def model_costs(result: RunResult, count: int) -> list[int]:
    """Each model's mean cost per inference (instructions), from the MCUGEN MODEL lines."""
    ticks: list[list[int]] = [[] for _ in range(count)]
    for line in result.console.splitlines():
        parts = line.split()
        if parts[:2] == ["MCUGEN", "MODEL"] and len(parts) == 5:
            ticks[int(parts[3])].append(int(parts[4]))
    return [result.instructions(int(np.mean(t))) if t else 0 for t in ticks]


@dataclass
class ModelVerification:
    share: ModelShare
    comparison: Comparison
    reference: str
    cost: int


@dataclass
class MultiVerification:
    project: Project
    parts: list[Part]
    size: SizeReport
    run: RunResult
    sets: int
    models: list[ModelVerification]

    @property
    def match(self) -> bool:
        return all(m.comparison.match for m in self.models)


def verify_models(
    model_paths: list[Path],
    board: Board,
    out: Path,
    names: list[str] | None,
    arena: str = "shared",
    count: int | None = None,
    seed: int = 0,
    inputs: list[Path] | None = None,
    backend: str = "auto",
    custom_ops: Path | None = None,
    emulator: str = "qemu",
    rewrite: bool = True,
) -> MultiVerification:
    """Holds the project folder from generating to the end of the run (locking.project_lock)."""
    with project_lock(out):
        progress(f"generating {len(model_paths)} models for {board.name} into {out}")
        project, parts = generate_models(
            model_paths, board, out, names, arena, backend=backend, custom_ops=custom_ops, rewrite=rewrite
        )
        models = shares(project)
        sets = input_sets(project, models, inputs or [], count, seed)
        _, size, result = build_and_run(project, board, sets, emulator)
        impls, _ = load_custom_ops(custom_ops)
        outputs = split_results(result, models)
        costs = model_costs(result, len(models))
        checked = []
        for i, (path, m) in enumerate(zip(model_paths, models)):
            progress(f"running the reference for {m.name} ({m.model_name})")
            given = load_model(path)
            mine = [s[m.first_input : m.first_input + m.num_inputs] for s in sets]
            has_custom = any(op.custom_name for op in given.operators)
            expected, reference = reference_with_fallback(given, mine, m.num_outputs, impls if has_custom else None)
            checked.append(ModelVerification(m, compare(outputs[i], expected), reference, costs[i]))
        return MultiVerification(project, parts, size, result, len(sets), checked)
