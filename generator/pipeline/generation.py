"""read -> check -> rewrite -> plan -> emit, for one model or several: each model planned with the same
options, then one form emitted (emit/forms.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..build.pio_core import prepare_core
from ..catalog import with_kernels
from ..catalog.backends import REFERENCE, choose_backends
from ..catalog.custom import load_custom_ops
from ..check import CheckedGraph, check
from ..console import progress
from ..emit import Project
from ..emit.forms import emit_parts
from ..emit.multi import Part, part_names
from ..emit.render import flash_floor, node_params_bytes
from ..errors import McugenError
from ..locking import project_lock
from ..model import Graph, read_model
from ..plan import Plan, plan
from ..rewrite import Float16Policy
from ..rewrite.stage import RewriteStage, check_and_rewrite, unrewritten
from ..units import nbytes
from .options import Options


def load_model(path: Path) -> Graph:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise McugenError(f"cannot read model {path}: {exc.strerror}") from None
    return read_model(data, source=str(path))


def _checker(options: Options):
    """check with the options' backends for the board's core and the custom ops of a --custom-ops folder."""
    _, custom_specs = load_custom_ops(options.custom_ops)
    catalog, backends = with_kernels(custom_specs), choose_backends(options.backend, options.board.cpu)
    return lambda g: check(g, catalog=catalog, backends=backends)


def rewrite_stage(graph: Graph, options: Options) -> RewriteStage:
    """check with the board's backends and the custom ops of a --custom-ops folder, then (unless switched
    off) rewrite and check the rewritten graph; `float16` (fold, keep, auto) chooses where float16 weights
    stay float16 in flash (auto: where the board's flash is tight)."""
    stage = check_and_rewrite if options.rewrite else unrewritten
    policy = Float16Policy(options.float16, options.board.flash_size)
    return stage(graph, _checker(options), policy)


def checked_graph(graph: Graph, options: Options) -> CheckedGraph:
    """The graph plan gets: checked, and rewritten unless the options switch it off."""
    return rewrite_stage(graph, options).checked


def planned(checked: CheckedGraph, options: Options) -> Plan:
    """The plan of the options' memory mode (with row patches within --patch-overhead). With `--backend auto`,
    on the reference kernels alone when the optimized kernels' parameters (their weight layouts and per-channel
    tables) would not fit the board's flash beside the model and the reference kernels' would: a model that runs
    slower beats one that does not link (an explicit --backend is taken as given)."""
    the_plan = plan(checked, memory=options.memory, patch_overhead=options.patch_overhead)
    flash = options.board.flash_size
    if options.backend != "auto" or the_plan.backends == [REFERENCE] or flash_floor(the_plan) <= flash:
        return the_plan
    try:
        reference = _checker(replace(options, backend=REFERENCE))(checked.graph)
        fallback = plan(reference, memory=options.memory, patch_overhead=options.patch_overhead)
    except McugenError:  # (a custom op with no reference kernel)
        return the_plan
    if flash_floor(fallback) > flash:
        return the_plan
    optimized = [b for b in the_plan.backends if b != REFERENCE]
    progress(
        f"note: the optimized kernels' parameters (about {nbytes(node_params_bytes(the_plan))}) do not fit "
        f"{options.board.name}'s flash beside the model: the reference kernels run it (parameters about "
        f"{nbytes(node_params_bytes(fallback))}); --backend {','.join(optimized)} insists"
    )
    return fallback


def plan_models(models: list[Path], options: Options, names: list[str] | None = None) -> list[Part]:
    """Every model read, checked, rewritten and planned with the same options; `names` (default: the file
    stems) name each model's generated symbols, and a library's API. In one shared arena only the largest plan
    sets the RAM: a smaller model that took row patches by default (--memory auto) is planned without them when
    its whole plan still fits under the largest, since there they would cost instructions, flash and node
    storage for no RAM (explicit --patches stays as given)."""
    checked = [checked_graph(load_model(path), options) for path in models]
    plans = [planned(c, options) for c in checked]
    shared_default = len(plans) > 1 and options.arena == "shared" and options.patch_overhead is None
    if shared_default and options.memory == "auto":
        largest = max(p.arena_size for p in plans)
        for i, (graph, the_plan) in enumerate(zip(checked, plans)):
            if the_plan.arena_size < largest and the_plan.patches is not None and the_plan.patches.bands:
                whole = plan(graph, memory="auto", patches=False)
                plans[i] = whole if whole.arena_size <= largest else the_plan
    return [Part(name, Path(path).name, p) for name, path, p in zip(part_names(models, names), models, plans)]


def generate(
    models: list[Path], options: Options, out: Path, names: list[str] | None = None, library: bool = False
) -> tuple[Project, list[Part]]:
    """The firmware project of one model or of several, or with `library` their library (emit/forms.py)."""
    parts = plan_models(models, options, names)
    try:
        with project_lock(out):
            project = emit_parts(parts, options.board, out, library, options.arena, options.resolver, options.verbose)
    except OSError as exc:
        raise McugenError(f"cannot write the project folder {out}: {exc.strerror or exc}") from None
    try:
        prepare_core()  # the core folder platformio.ini names, so `pio run` works in the project directly
    except McugenError as exc:
        progress(f"note: {exc}; `mcugen build` will try again")
    return project, parts
