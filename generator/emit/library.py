"""The library form of a generated model (`mcugen generate --as library`): the model, its plan, the runtime and
its kernels behind a C API (include/NAME.h), with no main, startup code or UART, for the user's own firmware.

Layout: include/mcugen.h and include/NAME.h; src/ (model data, plan, runtime, kernels, the API); library.json
(PlatformIO) and CMakeLists.txt (add_library(NAME STATIC ...)). docs/embedding.md explains its use.
"""

from __future__ import annotations

import keyword
import math
import re
from pathlib import Path

from .. import __version__
from ..boards import Board
from ..errors import McugenError
from ..paths import BOARDS, FIRMWARE
from ..plan import Plan
from .project import Project, check_target, project_of, registered_kernels, runtime_and_kernel_sources, write_project
from .render import _env, c_value, render_all

LIBRARY = FIRMWARE / "library"
# The harness-only parts of render_all: the library has no PlatformIO project, linker script or resolver instance.
_HARNESS_FILES = ("platformio.ini", "memory.ld", "src/op_resolver.cc")
_C_KEYWORDS = set(
    "auto break case char const continue default do double else enum extern float for goto if inline int long "
    "register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while "
    "bool true false".split()
)


def library_name(text: str) -> str:
    """A C identifier made from a model file's stem: other characters become '_', a leading digit gets '_'."""
    name = re.sub(r"\W", "_", text, flags=re.ASCII)
    return name if name and not name[0].isdigit() else f"_{name}"


def check_library_name(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or name in _C_KEYWORDS or keyword.iskeyword(name):
        raise McugenError(
            f"--name '{name}' is not a C identifier (letters, digits and '_', not starting with a digit, "
            "not a C keyword); it prefixes every function of the API"
        )
    if name == "mcugen" or name.startswith("mg_"):
        raise McugenError(f"--name '{name}' clashes with mcugen's own names (mcugen.h, mg_*); choose another")
    return name


def _tensor_rows(plan: Plan, indices: list[int], ios) -> list[dict]:
    """The C API's view of the graph's inputs or outputs: where each lives, its shape (in place in the model)
    and quantization."""
    rows = []
    for index, io in zip(indices, ios):
        t = plan.graph.tensors[index]
        offset = plan.tensor_offsets[index]
        if offset is None:
            data = f"(void *)(mg_model_data + {t.data_offset})"
        else:
            data = f"mg_arena + MG_ARENA_GUARD_BYTES + {offset}"
        dims = f"(const int32_t *)(mg_model_data + {t.shape_offset})" if t.shape_offset is not None else "NULL"
        rows.append(
            {
                "name": io.name.replace("*/", "* /"),
                "data": data,
                "bytes": math.prod(t.shape) * t.dtype.size,
                "rank": len(t.shape),
                "dims": dims,
                "type": t.dtype.code,
                "scale": c_value(float(io.scale or 0.0)),
                "zero_point": c_value(int(io.zero_point or 0)),
            }
        )
    return rows


def emit_library(plan: Plan, board: Board, out: Path, model_name: str, name: str, resolver: str = "model") -> Project:
    out = Path(out).resolve()
    board.check_fit(len(plan.graph.model_bytes), plan.arena_size, before_build=True)
    kernels = registered_kernels(plan, resolver)
    check_target(out)
    project = project_of(plan, board, out, model_name)
    texts = {p: t for p, t in render_all(plan, board, model_name, kernels).items() if p not in _HARNESS_FILES}
    view = {
        "version": __version__,
        "model_name": model_name,
        "name": name,
        "plan": plan,
        "guard": f"{name.upper()}_H",
        "inputs": _tensor_rows(plan, plan.graph.inputs, project.inputs),
        "outputs": _tensor_rows(plan, plan.graph.outputs, project.outputs),
    }
    for template, path in (
        ("model.h.j2", f"include/{name}.h"),
        ("model.cc.j2", f"src/{name}.cc"),
        ("model_tensors.c.j2", f"src/{name}_tensors.c"),
        ("library.json.j2", "library.json"),
    ):
        texts[path] = _env.get_template(f"library/{template}").render(view)
    copied = runtime_and_kernel_sources(kernels)
    copied.update(
        {
            "include/mcugen.h": LIBRARY / "mcugen.h",
            "src/runtime/mg_board.h": BOARDS / "startup" / "mg_board.h",
            "src/runtime/mg_board_none.c": LIBRARY / "mg_board_none.c",
            "cxxflags.py": LIBRARY / "cxxflags.py",
        }
    )
    sources = sorted(p for p in [*texts, *copied] if p.startswith("src/") and p.endswith((".c", ".cc")))
    texts["CMakeLists.txt"] = _env.get_template("library/CMakeLists.txt.j2").render(view, sources=sources)
    contents = {path: text.encode() for path, text in texts.items()}
    contents.update({path: src.read_bytes() for path, src in copied.items()})
    write_project(project, contents, form="library", library_name=name)
    return project
