"""--memory: which techniques below the per-layer bound a plan uses (overlaps, row patches), and under which cap.
planner.py makes each plan; this module chooses among them."""

from __future__ import annotations

import math
from dataclasses import replace

from ..catalog.spec import OVERLAP_COST_SHARE
from ..check import CheckedGraph, CheckError, check
from ..errors import McugenError
from ..model import Graph
from ..rewrite.patches import DEFAULT_OVERHEAD, PlanOracle, choose
from .cost import PATCH_ESTIMATE_ERROR, TOTAL_OVERHEAD_CAP, node_instructions, overhead, plan_instructions
from .overlaps import remembered_distances
from .planner import Plan, plan_with

# --memory: "layer" keeps every node's input and output whole (the per-layer liveness bound). "auto" lets outputs
# overlap their inputs (KernelSpec.overlap) and runs a CNN's first stage in row patches (rewrite/patches.py, given
# the oracle `_planner`), choosing
# among the combinations (the overlaps whose kernel order costs at most OVERLAP_COST_SHARE of the node, or every
# overlap; either with the best patches) the smallest arena whose estimated instructions (cost.py) are at most
# TOTAL_OVERHEAD_CAP percent over the layer plan's: the cap is the model's, not each technique's. "min" takes
# every overlap whatever it costs, and patches when they lower the arena for at most DEFAULT_OVERHEAD % more MACs.
MEMORY_CHOICES = ("auto", "layer", "min")


def plan(
    checked: CheckedGraph,
    views: bool = True,
    memory: str = "auto",
    patch_overhead: float | None = None,
    patches: bool = True,
) -> Plan:
    """Every subgraph planned on its own; the others' buffers then sit above the primary's in the arena.
    `views=False` plans without the views of `view_offsets` and `input_offsets` (to measure what they save);
    `memory` is the --memory choice (MEMORY_CHOICES). `patch_overhead` caps the MACs row patches may recompute
    (percent of the model's): with `layer` patches are tried only when it is given, `min` implies the default,
    `auto` always tries them (within the instruction cap, and this one when given). The plan's `patches` says
    what was chosen and why; `patches=False` keeps `auto` to its overlaps (a model whose arena is not the one that
    counts, e.g. beside a larger one in a shared arena)."""
    if memory not in MEMORY_CHOICES:
        raise McugenError(f"--memory {memory} is not one of {', '.join(MEMORY_CHOICES)}")
    with remembered_distances():
        if memory == "auto":
            return _auto(checked, views, math.inf if patch_overhead is None else patch_overhead, patches)
        return _plan_mode(checked, views, memory, patch_overhead)


def _planner(checked: CheckedGraph, views: bool, memory: str, quick: bool = False) -> PlanOracle:
    """The oracle rewrite/patches.py's search asks about a candidate graph: checked with the model's backends and
    planned as the model is (`quick`: a draft), or None when it does not check."""

    def plan_of(graph: Graph) -> Plan | None:
        try:
            candidate = check(graph, backends=checked.backends)
        except CheckError:
            return None
        return plan_with(candidate, views=views, memory=memory, quick=quick)

    return plan_of


def _plan_mode(checked: CheckedGraph, views: bool, memory: str, patch_overhead: float | None) -> Plan:
    """--memory layer or min (MEMORY_CHOICES), with patches under `patch_overhead` when given (min: by default)."""
    if patch_overhead is None and memory == "min":
        patch_overhead = DEFAULT_OVERHEAD
    whole = plan_with(checked, views, memory)
    if patch_overhead is None:
        return whole
    plan_of, draft_of = _planner(checked, views, memory), _planner(checked, views, memory, quick=True)
    choice, patched = choose(checked, whole.arena_size, patch_overhead, plan_of, draft_of=draft_of)
    chosen = patched or whole
    chosen.patches = choice
    return chosen


def _auto(checked: CheckedGraph, views: bool, mac_cap: float, patches: bool = True) -> Plan:
    """--memory auto: the layer plan, the cheap overlaps and every overlap, each of the latter two with the best
    row patches under the instruction cap; the smallest arena among those within the cap wins (on a tie, the
    fewer estimated instructions)."""
    layer = plan_with(checked, views, "layer")
    layer_cost = plan_instructions(layer)

    def fits(candidate: Plan) -> bool:
        return plan_instructions(candidate) <= layer_cost * (1 + TOTAL_OVERHEAD_CAP / 100)

    def patches_fit(candidate: Plan) -> bool:
        return plan_instructions(candidate) <= layer_cost * (1 + (TOTAL_OVERHEAD_CAP - PATCH_ESTIMATE_ERROR) / 100)

    limit = f"the {TOTAL_OVERHEAD_CAP:g} % instruction cap ({PATCH_ESTIMATE_ERROR:g} point below it for patches)"
    found: list[tuple[Plan, object, bool]] = [(layer, None, False)]  # (plan, its patch search, patched)

    def with_patches(whole: Plan, overlaps: str) -> None:
        if not patches:
            found.append((whole, None, False))
            return
        plan_of, draft_of = _planner(checked, views, overlaps), _planner(checked, views, overlaps, quick=True)
        choice, patched = choose(checked, whole.arena_size, mac_cap, plan_of, patches_fit, limit, draft_of)
        found.append((whole, choice, False))
        if patched is not None:
            found.append((patched, choice, True))

    seen = set()
    modes = ("auto", "min") if _costly_overlaps(checked) else ("auto",)
    for overlaps in modes:  # the overlaps whose order is cheap for their node, then every overlap
        whole = plan_with(checked, views, overlaps)
        key = (whole.arena_size, tuple((o.node, o.direction, o.distance) for o in whole.overlaps))
        if key not in seen and fits(whole):
            seen.add(key)
            with_patches(whole, overlaps)
    if not seen:  # no overlaps within the cap: patches alone
        found.pop(0)
        with_patches(layer, "layer")
    costs = [plan_instructions(p) for p, _, _ in found]
    best = min(range(len(found)), key=lambda i: (found[i][0].arena_size, costs[i]))
    chosen, choice, patched = found[best]
    choice = choice or next((c for _, c, _ in found if c is not None), None)
    if choice is not None:
        if choice.bands and not patched:
            reason = f"a plan without them takes no more ({chosen.arena_size:,} B)"
            choice = replace(choice, bands=0, arena_after=choice.arena_before, reason=reason)
        choice = replace(choice, instructions=overhead(costs[best], layer_cost), instructions_cap=TOTAL_OVERHEAD_CAP)
    for sub in chosen.subgraphs or [chosen]:
        sub.memory = "auto"
    chosen.patches = choice
    return chosen


def _costly_overlaps(checked: CheckedGraph) -> bool:
    """Whether a node's kernel order for an overlap costs more than --memory auto's cheap ones may (else min's
    overlaps are auto's)."""
    for sub in checked.subgraphs or [checked]:
        for op, kernel in zip(sub.graph.operators, sub.kernels):
            inputs, outputs = sub.graph.node_io(op)
            if outputs and kernel.overlap_cost(op, inputs, outputs) > OVERLAP_COST_SHARE * node_instructions(
                kernel, op, inputs, outputs
            ):
                return True
    return False
