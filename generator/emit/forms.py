"""The four forms of generated code, chosen by the number of models and --as: one model's harness firmware or
library, several models' firmware or library. The pipeline hands every form the same planned parts."""

from __future__ import annotations

from pathlib import Path

from ..boards import Board
from .library import emit_library
from .multi import MULTI_LIBRARY, Part, emit_multi, emit_multi_library
from .project import Project, emit


def emit_parts(
    parts: list[Part],
    board: Board,
    out: Path,
    library: bool = False,
    arena: str = "shared",
    resolver: str = "model",
    verbose: bool = False,
) -> Project:
    """`library`: the library form (one model's API is named after its part; several share MULTI_LIBRARY);
    `arena` divides memory between several models (one model has the whole arena either way)."""
    if len(parts) == 1:
        part = parts[0]
        if library:
            return emit_library(part.plan, board, out, part.model_name, part.name, resolver)
        return emit(part.plan, board, out, part.model_name, resolver, verbose)
    if library:
        return emit_multi_library(parts, board, out, MULTI_LIBRARY, arena, resolver)
    return emit_multi(parts, board, out, arena, resolver, verbose)
