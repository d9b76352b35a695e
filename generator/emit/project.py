"""Writes the project folder safely: into a temporary folder first, then moved into place, and never over
files mcugen did not write (mcugen.json lists every generated file with its hash)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import __version__
from ..boards import Board
from ..catalog import KernelSpec, reference_kernels
from ..errors import McugenError
from ..model import Graph
from ..paths import BOARDS, FIRMWARE, TEMPLATES, kernel_path
from ..plan import Plan
from .pruning import ABSENT_KERNELS, absent_kernels_source, unused_type_files
from .render import render_all

MANIFEST = "mcugen.json"
BUILD_DIR = ".pio"  # PlatformIO's output, kept across regenerations


@dataclass
class IoTensor:
    index: int
    name: str
    shape: list[int]
    dtype: str
    scale: float | None
    zero_point: int | None


@dataclass
class Project:
    path: Path
    board: str
    model_name: str
    inputs: list[IoTensor]
    outputs: list[IoTensor]
    model_bytes: int
    arena_bytes: int
    lower_bound_bytes: int
    ops: list[str]
    persistent_bytes: int = 0  # resource variables' state, apart from the arena
    stateful: bool = False  # input sets are consecutive steps of one stream
    # Each node of the firmware's node tables named as the model names it (its number in the .tflite before any
    # rewrite; "subgraph S node N" past subgraph 0), so per-node costs read like every other message.
    node_labels: list[str] = field(default_factory=list)


def _io(graph: Graph, indices: list[int]) -> list[IoTensor]:
    result = []
    for i in indices:
        t = graph.tensors[i]
        q = t.quant
        result.append(
            IoTensor(i, t.name, list(t.shape), t.dtype.name, q.scale[0] if q else None, q.zero_point[0] if q else None)
        )
    return result


def runtime_and_kernel_sources(kernels: list[KernelSpec]) -> dict[str, Path]:
    """The runtime and the registered kernels' sources, by their path in a generated folder (harness or library):
    every kernel file flat in src/kernels/, whichever family folder it comes from."""
    files = {f"src/runtime/{p.name}": p for p in sorted((FIRMWARE / "runtime").iterdir()) if p.is_file()}
    for kernel in kernels:
        for name in kernel.sources:
            source = kernel_path(name)
            files[f"src/kernels/{source.name}"] = source
    return files


def _copied_sources(kernels: list[KernelSpec], board: Board) -> dict[str, Path]:
    files = runtime_and_kernel_sources(kernels)
    startup = BOARDS / "startup"
    for name in ("startup_cortexm.c", f"uart_{board.uart_driver}.c"):
        files[f"src/board/{name}"] = startup / name
    for header in sorted(startup.glob("*.h")):  # mg_board.h and the drivers' shared headers
        files[f"src/board/{header.name}"] = header
    files["src/main.cc"] = FIRMWARE / "harness" / "main.cc"
    files["cortexm.ld"] = BOARDS / "ld" / "cortexm.ld"
    # `pio test`: a custom PlatformIO test runner over the same firmware (see templates/pio_test/).
    files["test/test_custom_runner.py"] = TEMPLATES / "pio_test" / "test_custom_runner.py"
    files["test/test_firmware/test_firmware.c"] = TEMPLATES / "pio_test" / "test_firmware.c"
    return files


def source_contents(copied: dict[str, Path], absent: set[str]) -> dict[str, bytes]:
    """The copied sources' bytes, those named in `absent` (kernel files of unused types) replaced by aliases of
    one trapping function (pruning.py)."""
    unused = [path for path in copied if Path(path).name in absent]
    contents = {ABSENT_KERNELS: absent_kernels_source([copied.pop(path) for path in unused]).encode()} if unused else {}
    contents.update({path: src.read_bytes() for path, src in copied.items()})
    return contents


def check_target(out: Path) -> None:
    """Refuses a folder holding anything mcugen did not write, or a generated file someone changed."""
    if not out.exists():
        return
    if not out.is_dir():
        raise McugenError(f"{out} exists and is not a folder; choose another output folder")
    # the build folder (kept) and the bytecode caches Python leaves beside the scripts we wrote when PlatformIO
    # runs them (made from our files, dropped with the old folder) are nobody's work
    existing = [
        p for p in out.rglob("*") if p.is_file() and not {BUILD_DIR, "__pycache__"} & set(p.relative_to(out).parts)
    ]
    if not existing:
        return
    try:
        recorded = json.loads((out / MANIFEST).read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        raise McugenError(
            f"{out} holds files mcugen did not write (no {MANIFEST}); choose an empty or new output folder"
        ) from None
    for p in existing:
        rel = p.relative_to(out).as_posix()
        if rel == MANIFEST:
            continue
        if rel not in recorded:
            raise McugenError(f"{out} holds {rel}, which mcugen did not write; move it away or choose another folder")
        if hashlib.sha256(p.read_bytes()).hexdigest() != recorded[rel]:
            raise McugenError(f"{out}/{rel} was changed after mcugen wrote it; move it away or choose another folder")


def registered_kernels(plan: Plan, resolver: str) -> list[KernelSpec]:
    """ "model": exactly the kernels the model uses; "all": every kernel in the catalog (TFLM's AllOpsResolver)."""
    if resolver == "model":
        return plan.kernels
    if resolver == "all":
        used = {(k.op, k.backend) for k in plan.kernels}
        return plan.kernels + [k for k in reference_kernels() if (k.op, k.backend) not in used]
    raise McugenError(f"unknown resolver '{resolver}'; use 'model' or 'all'")


def emit(
    plan: Plan, board: Board, out: Path, model_name: str, resolver: str = "model", verbose: bool = False
) -> Project:
    out = Path(out).resolve()
    ram = plan.arena_size + plan.persistent_size + board.stack_size
    board.check_fit(len(plan.graph.model_bytes), ram, before_build=True)
    kernels = registered_kernels(plan, resolver)
    check_target(out)
    contents = {path: text.encode() for path, text in render_all(plan, board, model_name, kernels, verbose).items()}
    # "all" registers every kernel whole, as TFLM's AllOpsResolver
    absent = unused_type_files(plan) if resolver == "model" else set()
    contents.update(source_contents(_copied_sources(kernels, board), absent))
    project = project_of(plan, board, out, model_name)
    write_project(project, contents)
    return project


def project_of(plan: Plan, board: Board, out: Path, model_name: str) -> Project:
    return Project(
        out,
        board.name,
        model_name,
        _io(plan.graph, plan.graph.inputs),
        _io(plan.graph, plan.graph.outputs),
        len(plan.graph.model_bytes),
        plan.arena_size,
        plan.lower_bound,
        [n.op_name for n in plan.nodes],
        plan.persistent_size,
        plan.graph.is_stateful,
        node_labels(plan),
    )


def node_labels(plan: Plan) -> list[str]:
    labels = []
    for number, sub in enumerate(plan.subgraphs or [plan]):
        for node in sub.nodes:
            model_number = sub.graph.operators[node.index].model_number
            labels.append(str(model_number) if number == 0 else f"subgraph {number} node {model_number}")
    return labels


def write_project(project: Project, contents: dict[str, bytes], **extra) -> None:
    """Writes contents plus the manifest (the project, `extra` fields and every file's hash) into project.path."""
    manifest = {
        "generator": "mcugen",
        "version": __version__,
        **asdict(project),
        **extra,
        "files": {p: hashlib.sha256(b).hexdigest() for p, b in sorted(contents.items())},
    }
    del manifest["path"]
    contents[MANIFEST] = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
    _write_atomically(project.path, contents)


def _write_atomically(out: Path, contents: dict[str, bytes]) -> None:
    """Builds the folder beside the target and swaps it in, so an interrupted run leaves the old one whole."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.parent / f".{out.name}.mcugen-new-{os.getpid()}"
    retired = out.parent / f".{out.name}.mcugen-old-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    try:
        for rel, data in contents.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if out.exists():
            out.rename(retired)
            if (retired / BUILD_DIR).is_dir():
                (retired / BUILD_DIR).rename(staging / BUILD_DIR)
        staging.rename(out)
    except BaseException:
        if retired.exists() and not out.exists():  # put the previous output back as it was
            if (staging / BUILD_DIR).is_dir():
                (staging / BUILD_DIR).rename(retired / BUILD_DIR)
            retired.rename(out)
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    shutil.rmtree(retired, ignore_errors=True)


def load_project(path: Path) -> Project:
    """The Project a folder's manifest describes (for build, run and size on an existing folder)."""
    path = Path(path).resolve()
    try:
        data = json.loads((path / MANIFEST).read_text())
        if data.get("form") == "library":
            raise McugenError(
                f"{path} is a model library (mcugen generate --as library): build it inside your application "
                "(docs/embedding.md)"
            )
        return Project(
            path,
            data["board"],
            data["model_name"],
            [IoTensor(**t) for t in data["inputs"]],
            [IoTensor(**t) for t in data["outputs"]],
            data["model_bytes"],
            data["arena_bytes"],
            data["lower_bound_bytes"],
            data["ops"],
            data.get("persistent_bytes", 0),
            data.get("stateful", False),
            data.get("node_labels", []),
        )
    except (OSError, ValueError, KeyError, TypeError):
        raise McugenError(
            f"{path} is not an mcugen project (no valid {MANIFEST}); run `mcugen generate` first"
        ) from None
