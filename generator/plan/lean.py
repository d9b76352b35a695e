"""Lean orders (KernelSpec.lean_scratch): a kernel that can work with less scratch for a few more instructions is
asked to, on the nodes where that lowers the arena and only there. planner.py plans each candidate."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..catalog import KernelSpec
from ..catalog.spec import LEAN_SCRATCH
from ..model import Graph


def lean_orders(
    graph: Graph,
    kernels: list[KernelSpec],
    scratch_bytes: dict[int, int],
    best,
    layout_of: Callable,
    node_op: Callable,
):
    """The nodes whose kernels have a lean order take it where its smaller scratch lowers the arena: all of them at
    once, then each back to its usual order while the arena stays as low. `best` is the layout without (planner's
    _Layout), `layout_of(graph, scratch_bytes)` plans a variant, `node_op` gives a node as its kernel sees it.
    Returns the graph with LEAN_SCRATCH on the chosen nodes, their indices, the layout and every node's scratch."""
    capable = [op.index for op, k in zip(graph.operators, kernels) if k.lean_scratch(op, *graph.node_io(op))]

    def trial(chosen: list[int]):
        leaned = replace(
            graph,
            operators=[
                replace(op, options={**op.options, LEAN_SCRATCH: True}) if op.index in chosen else op
                for op in graph.operators
            ],
        )
        sizes = dict(scratch_bytes)
        for i in chosen:
            op = node_op(leaned.operators[i])
            sizes[i] = kernels[i].scratch_bytes(op, *graph.node_io(op))
        return leaned, chosen, layout_of(leaned, sizes), sizes

    if not capable:
        return graph, [], best, scratch_bytes
    lowest = trial(capable)
    if lowest[2].arena_size >= best.arena_size:
        return graph, [], best, scratch_bytes
    for i in capable:
        fewer = trial([j for j in lowest[1] if j != i])
        if fewer[2].arena_size <= lowest[2].arena_size:
            lowest = fewer
    return lowest
