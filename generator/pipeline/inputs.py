"""The input sets of a run: random (reproducible from a seed) or read from .npz files, checked against the
inputs' exact types and shapes, and, for a firmware of several models, each model's sets put together into the
firmware's (the models run interleaved: set k of every model, in model order)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np

from ..emit import IoTensor, Project
from ..errors import McugenError
from ..units import nbytes, num
from .options import InputChoice
from .shares import ModelShare

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


def input_sets(project: Project, models: list[ModelShare], choice: InputChoice) -> list:
    """Each model's sets: from an .npz per model (in order), from one .npz whose keys are prefixed by the model's
    name (NAME/input_0 or NAME/TENSOR), or random (the seed advanced per model)."""
    ios = [project.inputs[m.first_input : m.first_input + m.num_inputs] for m in models]
    files = choice.files
    if not files:
        n = default_set_count(choice.count, project.stateful)
        return model_sets(models, [random_sets(io, n, choice.seed + i) for i, io in enumerate(ios)])
    if len(files) == len(models):
        return model_sets(models, [load_input_file(f, io) for f, io in zip(files, ios)])
    if len(files) == 1:
        return model_sets(models, [_prefixed_inputs(files[0], m.name, io) for m, io in zip(models, ios)])
    if len(models) == 1:
        raise McugenError(f"{len(files)} --inputs files for one model: give one")
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
