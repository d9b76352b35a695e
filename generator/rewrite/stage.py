"""The rewrite stage between check and plan: the model is checked as given, rewritten, and the rewritten
graph checked again, so what reaches plan is always a checked graph.

A model that does not check as given may check once rewritten (float16 weights behind DEQUANTIZE nodes
that fold into float32 constants): the rewrite is what makes it runnable. A rewritten graph that no longer
checks where the original did is never used: the original goes on, unrewritten."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..check import CheckedGraph, CheckError
from ..model import Graph
from . import Rewritten, rewrite
from .float16 import FOLD_UNLESS_TIGHT, WIDENING_OPS, Float16Policy


@dataclass
class RewriteStage:
    rewritten: Rewritten
    original: CheckedGraph | None  # the model as given, checked; None when it does not check
    checked: CheckedGraph  # what plan gets: the rewritten graph, checked


def _remaining(failure: CheckError | None, after: CheckError, kept: list[int]) -> CheckError:
    """The failures left after rewriting, by the original's node numbers (which the rewritten graph's messages
    use too): the original's own message for a node that failed before too, the rewritten graph's (marked)
    for one that fails only now."""
    still = {kept[n]: reason for reason, n in zip(after.failures, after.nodes)}
    before = dict(zip(failure.nodes, failure.failures)) if failure else {}
    nodes = sorted(still)
    reasons = [before.get(n) or f"after the rewrites: {still[n]}" for n in nodes]
    return CheckError(reasons, nodes)


def _refuse_float16_weights(graph: Graph) -> None:
    """The float16-weight kernels serve only weights the rewrite stage keeps in flash: a model as given whose
    convolution or dense layer reads float16 weights directly (TFLite has no such kernel) is refused."""
    direct = [
        (g, op)
        for g in graph.subgraphs or [graph]
        for op in g.operators
        if op.op_name in WIDENING_OPS
        and len(op.inputs) > 1
        and op.inputs[1] >= 0
        and g.tensors[op.inputs[1]].dtype.name == "FLOAT16"
    ]
    if direct:
        reason = "float16 weights need a DEQUANTIZE to float32 in front (TFLite has no float16-weight kernel)"
        raise CheckError(
            [f"{op.where} ({op.display_name} v{op.version}): {reason}" for _, op in direct],
            [op.index if g.index == 0 else (g.index, op.index) for g, op in direct],
        )


def check_and_rewrite(
    graph: Graph, run_check: Callable[[Graph], CheckedGraph], float16: Float16Policy = FOLD_UNLESS_TIGHT
) -> RewriteStage:
    _refuse_float16_weights(graph)
    try:
        original, failure = run_check(graph), None
    except CheckError as exc:
        original, failure = None, exc
    result = rewrite(graph, float16)
    if not result.rewrites:
        if failure:
            raise failure
        return RewriteStage(result, original, original)
    try:
        checked = run_check(result.graph)
    except CheckError as exc:
        if original is not None:
            unchanged = Rewritten(graph, graph, [], list(range(len(graph.operators))))
            return RewriteStage(unchanged, original, original)
        raise _remaining(failure, exc, result.kept) from None
    return RewriteStage(result, original, checked)


def unrewritten(
    graph: Graph, run_check: Callable[[Graph], CheckedGraph], float16: Float16Policy = FOLD_UNLESS_TIGHT
) -> RewriteStage:
    """The stage switched off (--no-rewrite): the model checked as given."""
    _refuse_float16_weights(graph)
    checked = run_check(graph)
    return RewriteStage(Rewritten(graph, graph, [], list(range(len(graph.operators)))), checked, checked)
