"""Wires the stages together in one direction: read -> check -> plan -> emit -> build -> measure -> run ->
compare. The CLI and the tests call these; each stage stays ignorant of the others."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .boards import Board
from .build import BuildResult, build
from .build.pio_core import prepare_core
from .catalog import with_kernels
from .catalog.backends import choose_backends
from .catalog.custom import load_custom_ops
from .check import CheckedGraph, check
from .compare import Comparison, compare
from .console import progress
from .emit import IoTensor, Project, emit, load_project
from .emit.library import emit_library
from .errors import McugenError
from .locking import project_lock
from .measure import SizeReport, measure
from .model import Graph, read_model
from .paths import default_project_dir
from .plan import Plan, plan
from .reference.fallback import reference_with_fallback
from .rewrite import Float16Policy
from .rewrite.stage import RewriteStage, check_and_rewrite, unrewritten
from .run import EMULATOR_TITLES, RunResult, check_emulator, run_firmware
from .run.flash import BoardPort, check_port, run_on_board
from .units import nbytes, num


def load_model(path: Path) -> Graph:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise McugenError(f"cannot read model {path}: {exc.strerror}") from None
    return read_model(data, source=str(path))


def rewrite_stage(
    graph: Graph,
    board: Board,
    backend: str = "auto",
    custom_ops: Path | None = None,
    rewrite: bool = True,
    float16: str = "auto",
) -> RewriteStage:
    """check with the board's backends and the custom ops of a --custom-ops folder, then (unless switched
    off) rewrite and check the rewritten graph; `float16` (fold, keep, auto) chooses where float16 weights
    stay float16 in flash (auto: where the board's flash is tight)."""
    _, custom_specs = load_custom_ops(custom_ops)
    catalog, backends = with_kernels(custom_specs), choose_backends(backend, board.cpu)
    stage = check_and_rewrite if rewrite else unrewritten
    policy = Float16Policy(float16, board.flash_size)
    return stage(graph, lambda g: check(g, catalog=catalog, backends=backends), policy)


def checked_graph(*args, **kwargs) -> CheckedGraph:
    """The graph plan gets: checked, and rewritten unless `rewrite` is off (rewrite_stage's arguments)."""
    return rewrite_stage(*args, **kwargs).checked


def generate(
    model_path: Path,
    board: Board,
    out: Path,
    resolver: str = "model",
    backend: str = "auto",
    custom_ops: Path | None = None,
    verbose: bool = False,
    library: str | None = None,
    rewrite: bool = True,
    float16: str = "auto",
    patch_overhead: float | None = None,
    memory: str = "auto",
) -> tuple[Project, Plan]:
    """The harness firmware project, or with `library` (the API's name prefix) the model library; with
    `patch_overhead` the first stage may run in row patches (plan/patches.py)."""
    graph = load_model(model_path)
    checked = checked_graph(graph, board, backend, custom_ops, rewrite, float16)
    the_plan = plan(checked, memory=memory, patch_overhead=patch_overhead)
    try:
        with project_lock(out):
            if library is not None:
                return emit_library(the_plan, board, out, Path(model_path).name, library, resolver), the_plan
            project = emit(the_plan, board, out, Path(model_path).name, resolver, verbose)
    except OSError as exc:
        raise McugenError(f"cannot write the project folder {out}: {exc.strerror or exc}") from None
    try:
        prepare_core()  # the core folder platformio.ini names, so `pio run` works in the project directly
    except McugenError as exc:
        progress(f"note: {exc}; `mcugen build` will try again")
    return project, the_plan


DEFAULT_SETS = 5
DEFAULT_STREAM_STEPS = 20  # a stateful model's state needs a few steps to show in its outputs


def default_set_count(count: int | None, stateful: bool) -> int:
    """--random's default: a stateful model's input sets are the steps of one stream, so it gets more."""
    return count if count is not None else (DEFAULT_STREAM_STEPS if stateful else DEFAULT_SETS)


# The random sets are made before the run and held until the comparison: a bound on their bytes (far above any
# useful check) refuses a mistyped count at once instead of swapping the machine to a halt.
MAX_RANDOM_INPUT_BYTES = 256 << 20


def random_sets(inputs: list[IoTensor], count: int, seed: int) -> list[list[np.ndarray]]:
    """Reproducible random input sets: full-range integers, floats uniform in [-3, 3], bools half true."""
    per_set = sum(int(np.prod(spec.shape)) * np.dtype(spec.dtype.lower()).itemsize for spec in inputs)
    if count * per_set > MAX_RANDOM_INPUT_BYTES:
        most = MAX_RANDOM_INPUT_BYTES // per_set
        raise McugenError(
            f"{num(count)} random sets of {nbytes(per_set)} need {nbytes(count * per_set)}; mcugen holds at most "
            f"{nbytes(MAX_RANDOM_INPUT_BYTES)} of input sets in a run: give --random {most} or fewer"
        )
    rng = np.random.default_rng(seed)
    sets = []
    for _ in range(count):
        values = []
        for spec in inputs:
            dtype = np.dtype(spec.dtype.lower())
            if dtype == np.bool_:
                values.append(rng.integers(0, 2, size=spec.shape).astype(np.bool_))
            elif np.issubdtype(dtype, np.integer):
                info = np.iinfo(dtype)
                values.append(rng.integers(info.min, info.max, size=spec.shape, endpoint=True, dtype=dtype))
            else:
                values.append(rng.uniform(-3.0, 3.0, size=spec.shape).astype(dtype))
        sets.append(values)
    return sets


def _open_npz(path: Path):
    try:
        archive = np.load(path, allow_pickle=False)
    except OSError as exc:
        raise McugenError(f"cannot read inputs {path}: {exc.strerror or exc}") from None
    except (ValueError, EOFError):
        archive = None
    if not isinstance(archive, np.lib.npyio.NpzFile):
        raise McugenError(f"inputs {path} is not an .npz archive; save the arrays with numpy.savez(FILE, input_0=...)")
    return archive


def _input_array(path: Path, key: str, values: np.ndarray, index: int, spec: IoTensor) -> np.ndarray:
    """The array as the tensor's dtype, refusing what would change the values: floats for an integer input,
    integers out of the input's range, anything for a bool input but bools."""
    want = np.dtype(spec.dtype.lower())
    what = f"{path}: '{key}' for input {index} '{spec.name}' ({want})"
    if values.dtype == want:
        return values
    if np.issubdtype(want, np.integer) and np.issubdtype(values.dtype, np.integer):
        info = np.iinfo(want)
        if values.size and (values.min() < info.min or values.max() > info.max):
            raise McugenError(
                f"{what} holds values {values.min()}..{values.max()}, outside {want}'s {info.min}..{info.max}"
            )
        return values.astype(want)
    if np.issubdtype(want, np.floating) and np.issubdtype(values.dtype, np.floating):
        return values.astype(want)
    raise McugenError(
        f"{what} is {values.dtype}; give {want} values"
        + (
            " (quantize float data with the input's scale and zero point: `mcugen doctor` shows them)"
            if np.issubdtype(want, np.integer)
            else ""
        )
    )


def load_input_file(path: Path, inputs: list[IoTensor]) -> list[list[np.ndarray]]:
    """An .npz with one array per model input (named input_0, input_1, ... or by tensor name), each of the
    tensor's dtype and exact shape or with a leading axis of input sets. Anything else is refused, not converted
    (not even a reshape: a transposed or flattened array has the right element count in the wrong order)."""
    archive = _open_npz(path)
    names = {key: i for i, spec in enumerate(inputs) for key in (f"input_{i}", spec.name)}
    unknown = [k for k in archive.files if k not in names]
    if unknown:
        raise McugenError(
            f"{path} has arrays {unknown} the model has no input for; its inputs are "
            + ", ".join(f"input_{i} ('{spec.name}')" for i, spec in enumerate(inputs))
        )
    per_input = []
    for i, spec in enumerate(inputs):
        keys = [k for k in (f"input_{i}", spec.name) if k in archive.files]
        if not keys:
            raise McugenError(f"{path} has no array 'input_{i}' (or '{spec.name}'); it holds {archive.files}")
        if len(set(keys)) > 1:
            raise McugenError(f"{path} gives input {i} twice, as '{keys[0]}' and '{keys[1]}'")
        try:
            values = archive[keys[0]]
        except ValueError as exc:  # e.g. an array of Python objects, which would need pickle
            raise McugenError(f"{path}: cannot read '{keys[0]}': {exc}") from None
        arr = _input_array(path, keys[0], values, i, spec)
        shape = tuple(spec.shape)
        if arr.shape != shape and (arr.shape[1:] != shape or not arr.shape[0]):
            raise McugenError(
                f"{path}: '{keys[0]}' for input {i} '{spec.name}' has shape {arr.shape}; the input's shape is "
                f"{shape} (or (N{''.join(f', {d}' for d in shape)}) for N sets, a stream's steps in order)"
            )
        per_input.append(arr.reshape((-1, *shape)))
    counts = {len(a) for a in per_input}
    if len(counts) != 1:
        raise McugenError(f"{path}: the inputs hold different numbers of sets {sorted(counts)}")
    return [[a[s] for a in per_input] for s in range(counts.pop())]


@dataclass
class Verification:
    project: Project
    plan: Plan
    size: SizeReport
    run: RunResult
    comparison: Comparison
    sets: list[list[np.ndarray]]
    reference: str = "TFLite Micro"  # what computed the expected outputs (of the model as given)
    model_nodes: int = 0  # the nodes of the model as given (the plan's are the rewritten graph's)


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


def verify(model_path: Path, board: Board, out: Path | None, *args, **kwargs) -> Verification:
    """Generates, builds, runs and compares (_verify_in's arguments), holding the project folder throughout: a
    second run using it waits rather than regenerating it under this one's build or run (locking.py)."""
    with project_lock(out or default_project_dir(model_path, board.name)):
        return _verify_in(model_path, board, out, *args, **kwargs)  # None: the advice names no -o


def _verify_in(
    model_path: Path,
    board: Board,
    out: Path | None,
    count: int | None,
    seed: int,
    backend: str = "auto",
    custom_ops: Path | None = None,
    emulator: str = "qemu",
    rewrite: bool = True,
    port: BoardPort | None = None,
    float16: str = "auto",
    patch_overhead: float | None = None,
    memory: str = "auto",
    inputs: Path | None = None,
) -> Verification:
    """`inputs`: an .npz of input sets (load_input_file) instead of `count` random ones from `seed`."""
    # before generating: a board it cannot run fails at once, advising this command with --port (the folder
    # it names is not written yet)
    again = ["mcugen", "verify", str(model_path), "--board", board.name, *(["-o", str(out)] if out else [])]
    out = out or default_project_dir(model_path, board.name)
    if port is None:
        check_emulator(board, emulator, out, shlex.join(again))
    check_port(board.name, port)
    progress(f"generating {Path(model_path).name} for {board.name} into {out}")
    project, the_plan = generate(
        model_path,
        board,
        out,
        backend=backend,
        custom_ops=custom_ops,
        rewrite=rewrite,
        float16=float16,
        patch_overhead=patch_overhead,
        memory=memory,
    )
    # A stateful model's sets are one stream: the firmware runs them in order without resetting its state and
    # the reference runs the same sequence in one interpreter, so every step is compared.
    if inputs is not None:
        sets = load_input_file(inputs, project.inputs)
    else:
        sets = random_sets(project.inputs, default_set_count(count, project.stateful), seed)
    _, size, result = build_and_run(project, board, sets, emulator, port)
    progress("running the reference on the model as given" + (" (custom ops in Python)" if custom_ops else ""))
    impls, _ = load_custom_ops(custom_ops)
    given = load_model(model_path)  # not the rewritten graph: the reference checks the rewrites too
    has_custom = any(op.custom_name for op in given.operators)
    expected, reference = reference_with_fallback(given, sets, len(project.outputs), impls if has_custom else None)
    comparison = compare([s.outputs for s in result.sets], expected)
    return Verification(project, the_plan, size, result, comparison, sets, reference, len(given.operators))


__all__ = [
    "Verification",
    "build_and_run",
    "default_project_dir",
    "default_set_count",
    "generate",
    "load_input_file",
    "load_model",
    "load_project",
    "progress",
    "random_sets",
    "verify",
]
