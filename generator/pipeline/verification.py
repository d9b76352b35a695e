"""generate -> build -> measure -> run -> compare, for one model or several in one firmware: each model's outputs
and costs split out of the firmware's combined ones and compared with its own reference run."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..boards import Board
from ..build import BuildResult, build
from ..catalog.custom import load_custom_ops
from ..compare import Comparison, compare
from ..console import progress
from ..emit import Project
from ..emit.multi import Part
from ..locking import project_lock
from ..measure import SizeReport, measure
from ..paths import default_project_dir
from ..reference.fallback import reference_with_fallback
from ..run import EMULATOR_TITLES, RunResult, check_emulator, run_firmware
from ..run.flash import BoardPort, check_port, run_on_board
from .generation import generate, load_model
from .inputs import input_sets
from .options import InputChoice, Options
from .shares import ModelShare, models_of


def build_and_run(
    project: Project, board: Board, sets: list[list[np.ndarray]], emulator: str = "qemu", port: BoardPort | None = None
) -> tuple[BuildResult, SizeReport, RunResult]:
    """`port`: run on the real board behind that serial port (run/flash.py) instead of in `emulator`."""
    if port is None:
        check_emulator(board, emulator, project.path)  # before the build: a board without it fails at once
    check_port(board.name, port)
    with project_lock(project.path):
        progress(f"building {project.path} for {project.board}")
        built = build(project.path)
        size = measure(built.elf)
        board.check_fit(size.flash, size.ram, before_build=False)
        if port is not None:
            return built, size, run_on_board(built.elf, board.name, project.inputs, project.outputs, sets, port)
        progress(f"running {len(sets)} input set(s) in {EMULATOR_TITLES[emulator]}")
        result = run_firmware(
            built.elf, board, project.inputs, project.outputs, sets, emulator, stream=project.stateful
        )
    return built, size, result


def split_results(result: RunResult, models: list[ModelShare]) -> list[list[list[np.ndarray]]]:
    """Each model's outputs per set, out of the firmware's combined outputs."""
    return [[s.outputs[m.first_output : m.first_output + m.num_outputs] for s in result.sets] for m in models]


def model_costs(result: RunResult, count: int) -> list[int]:
    """Each model's mean cost per inference (instructions): a firmware of several reports each model's in MCUGEN
    MODEL lines; a firmware of one model's cost is its sets'."""
    if count == 1:
        return [int(np.mean([result.instructions(s.ticks) for s in result.sets]))] if result.sets else [0]
    ticks: list[list[int]] = [[] for _ in range(count)]
    for line in result.console.splitlines():
        parts = line.split()
        if parts[:2] == ["MCUGEN", "MODEL"] and len(parts) == 5:
            ticks[int(parts[3])].append(int(parts[4]))
    return [result.instructions(int(np.mean(t))) if t else 0 for t in ticks]


@dataclass
class ModelVerification:
    share: ModelShare
    part: Part
    comparison: Comparison
    reference: str  # what computed the expected outputs (of the model as given)
    cost: int  # mean instructions per inference
    model_nodes: int  # the nodes of the model as given (the plan's are the rewritten graph's)


@dataclass
class Verification:
    project: Project
    size: SizeReport
    run: RunResult
    sets: list[list[np.ndarray]]  # the firmware's input sets (every model's set k, in model order)
    models: list[ModelVerification]

    @property
    def match(self) -> bool:
        return all(m.comparison.match for m in self.models)


def default_out(models: list[Path], board: Board) -> Path:
    """The project folder when no -o is given: a cache folder per model (or per first model and count) and board."""
    return default_project_dir(models[0], board.name if len(models) == 1 else f"{board.name}-{len(models)}models")


def verify(
    models: list[Path],
    options: Options,
    out: Path | None = None,
    inputs: InputChoice | None = None,
    names: list[str] | None = None,
) -> Verification:
    """Generates, builds, runs and compares, holding the project folder throughout: a second run using it waits
    rather than regenerating it under this one's build or run (locking.py)."""
    board, folder = options.board, out or default_out(models, options.board)
    with project_lock(folder):
        # before generating: a board it cannot run fails at once, advising this command with --port (the folder
        # it names is not written yet; None: the advice names no -o)
        again = ["mcugen", "verify", *map(str, models), "--board", board.name, *(["-o", str(out)] if out else [])]
        if options.port is None:
            check_emulator(board, options.emulator, folder, shlex.join(again))
        check_port(board.name, options.port)
        what = Path(models[0]).name if len(models) == 1 else f"{len(models)} models"
        progress(f"generating {what} for {board.name} into {folder}")
        project, parts = generate(models, options, folder, names)
        shares = models_of(project)
        # A stateful model's sets are one stream: the firmware runs them in order without resetting its state and
        # the reference runs the same sequence in one interpreter, so every step is compared.
        sets = input_sets(project, shares, inputs or InputChoice())
        _, size, result = build_and_run(project, board, sets, options.emulator, options.port)
        return Verification(project, size, result, sets, _compare(models, parts, shares, sets, result, options))


def _compare(models, parts, shares, sets, result: RunResult, options: Options) -> list[ModelVerification]:
    impls, _ = load_custom_ops(options.custom_ops)
    outputs, costs = split_results(result, shares), model_costs(result, len(shares))
    checked = []
    for path, part, share, got, cost in zip(models, parts, shares, outputs, costs):
        given = load_model(path)  # not the rewritten graph: the reference checks the rewrites too
        custom = impls if any(op.custom_name for op in given.operators) else None
        whose = "" if len(models) == 1 else f" for {share.name}"
        progress(f"running the reference{whose} on the model as given" + (" (custom ops in Python)" if custom else ""))
        mine = [s[share.first_input : share.first_input + share.num_inputs] for s in sets]
        expected, reference = reference_with_fallback(given, mine, share.num_outputs, custom)
        checked.append(ModelVerification(share, part, compare(got, expected), reference, cost, len(given.operators)))
    return checked
