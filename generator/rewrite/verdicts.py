"""Per node of the model as given: can it run, as is or after the rewrites? For `mcugen ops MODEL`, which
must agree with check (what generate does) and doctor."""

from __future__ import annotations

from collections.abc import Callable

from ..model import Graph, Operator
from . import rewrite
from .float16 import FOLD_UNLESS_TIGHT, Float16Policy
from .report import KINDS

Judge = Callable[[Graph, Operator], str | None]  # the reason a node cannot run, None when it can


def node_verdicts(
    graph: Graph, judge: Judge, rewriting: bool = True, float16: Float16Policy = FOLD_UNLESS_TIGHT
) -> list[tuple[str | None, str | None]]:
    """(reason it cannot run or None, how the rewrites made it run or None) for each node of `graph`."""
    as_given = [judge(graph, op) for op in graph.operators]
    rewritten = rewrite(graph, float16) if rewriting else None
    after = [judge(rewritten.graph, op) for op in rewritten.graph.operators] if rewritten else []
    if not rewritten or not rewritten.rewrites or (not any(as_given) and any(after)):
        return [(reason, None) for reason in as_given]  # the stage would keep the model as given
    removed = rewritten.removed()
    position = {original: i for i, original in enumerate(rewritten.kept)}
    verdicts = []
    for op, reason in zip(graph.operators, as_given):
        if op.index in removed:
            verdicts.append((None, f"{KINDS[removed[op.index].kind]} by the rewrite stage"))
        elif reason is None:
            verdicts.append((None, None))
        else:
            still = after[position[op.index]]
            verdicts.append((still, None) if still else (None, "runs after the rewrite stage"))
    return verdicts
