"""Outputs placed partly over the input they replace (KernelSpec.overlap, overlap_above): choosing the direction,
joining the two in one storage group, and checking a plan's overlaps against their kernels."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..catalog import KernelSpec
from ..catalog.spec import OVERLAP_COST_SHARE
from ..model import Graph
from .arena import ALIGNMENT
from .cost import node_instructions
from .groups import Groups, group_buffer, inplace_candidate


@dataclass
class Overlap:
    """Output `output` of node `node` starts `distance` bytes below its input `input` (KernelSpec.overlap), or
    with `direction` "above" that far above it (overlap_above, the kernel writing its rows last first)."""

    node: int
    op_name: str
    output: int
    input: int
    distance: int
    saved: int  # the two tensors' bytes minus the bytes their overlap spans
    direction: str = "below"

    @property
    def shift(self) -> int:
        """The output's start minus the input's."""
        return -self.distance if self.direction == "below" else self.distance


# The distances kernels declare (KernelSpec.overlap, overlap_above), remembered while one plan() runs: the planner
# asks again for every layout and every row-patch candidate, and some kernels walk their pixel groups to answer.
# The key holds the tensors' shapes, types and constant bytes, and their quantization by identity: the graphs
# planned in one call share the original's quantization objects, and all of them outlive the call.
_declared: dict | None = None


@contextmanager
def remembered_distances() -> Iterator[None]:
    global _declared
    outer, _declared = _declared, {} if _declared is None else _declared
    try:
        yield
    finally:
        _declared = outer


def _tensor_key(t) -> tuple | None:
    return None if t is None else (t.shape, t.dtype.name, id(t.quant), t.data)


def declared_distance(declared, op, inputs, outs) -> int | None:
    """`declared(op, inputs, outs)`, remembered inside remembered_distances()."""
    if _declared is None:
        return declared(op, inputs, outs)
    key = (declared, op.op_name, repr(op.options), tuple(map(_tensor_key, inputs)), tuple(map(_tensor_key, outs)))
    if key not in _declared:
        _declared[key] = declared(op, inputs, outs)
    return _declared[key]


def overlap_join(graph: Graph, op, step: int, kernel: KernelSpec, groups: Groups, costly: bool) -> Overlap | None:
    """Joins output 0 to its dying input 0 below or above it as the kernel allows, when that saves bytes: the
    direction that keeps the group smaller (below on a tie), so that a chain of overlaps need not drift. Unless
    `costly`, not when the kernel's overlapping order costs more than OVERLAP_COST_SHARE of the node."""
    out = op.outputs[0]
    if groups.members(out) != [out]:
        return None
    source = inplace_candidate(graph, op, step, kernel, groups, overlap=True)
    if source is None:
        return None
    inputs, outs = graph.node_io(op)
    budget = OVERLAP_COST_SHARE * node_instructions(kernel, op, inputs, outs)
    if not costly and kernel.overlap_cost(op, inputs, outs) > budget:
        return None
    at, size = groups.offset[source.index], group_buffer(graph, groups, groups.root(source.index)).size
    choices = []
    for direction, declared in (("below", kernel.overlap), ("above", kernel.overlap_above)):
        distance = declared_distance(declared, op, inputs, outs)
        if distance is None or distance % ALIGNMENT:
            continue
        found = Overlap(op.index, op.display_name, out, source.index, distance, 0, direction)
        span = max(source.nbytes, found.shift + outs[0].nbytes) - min(0, found.shift)
        found.saved = outs[0].nbytes + source.nbytes - span
        start = at + found.shift
        extent = max(size, start + outs[0].nbytes) - min(0, start)
        if found.saved > 0:
            choices.append((extent, direction == "above", found))
    if not choices:
        return None
    found = min(choices, key=lambda c: c[:2])[2]
    if at + found.shift >= 0:  # the output fits inside the input's group
        groups.join(source.index, out, found.shift)
    else:  # the output's start becomes the group's
        groups.join(out, groups.root(source.index), -found.shift - at)
    groups.overlapping.add(out)
    return found


def overlap_problems(graph: Graph, kernels: list[KernelSpec], layout) -> list[str]:
    """Every overlap whose output does not sit exactly the kernel's declared distance below (or above) its
    input in one group, or that the kernel (asked again) no longer declares."""
    problems = []
    for o in layout.overlaps:
        op, kernel, groups = graph.operators[o.node], kernels[o.node], layout.groups
        declared = (kernel.overlap if o.direction == "below" else kernel.overlap_above)(op, *graph.node_io(op))
        placed = groups.offset[o.output] - groups.offset[o.input]
        if groups.root(o.input) != groups.root(o.output) or declared != o.distance or placed != o.shift:
            problems.append(f"node {o.node}: output {placed} B from its input, declared {declared} {o.direction}")
    return problems
