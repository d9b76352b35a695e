"""Storage groups: tensors that share bytes (a view with its source, an in-place or overlapping output with the
input it replaces), each member at a byte offset in its group, with the group's lifetime and buffer."""

from __future__ import annotations

from ..catalog import KernelSpec
from ..model import Graph
from .arena import Buffer, Part

BEFORE_FIRST_NODE = -1
UNUSED = -2  # a tensor no node touches: placed, but live at no step


class Groups:
    """Union-find over tensors that share storage, with each group's lifetime. Each root keeps its member list,
    so a group's members and span cost its size, not the model's (the planner asks for them once per node)."""

    def __init__(self, graph: Graph, order: list[int]):
        """Lifetimes are positions in `order` (the execution order of the operators)."""
        end = len(graph.operators)
        self.parent: dict[int, int] = {}
        self._members: dict[int, list[int]] = {}
        self.offset: dict[int, int] = {}  # a member's byte offset in its group's buffer (a root's is 0)
        self.overlapping: set[int] = set()  # outputs joined over part of their input (KernelSpec.overlap)
        self.first: dict[int, int] = {i: BEFORE_FIRST_NODE for i in graph.inputs}
        self.last: dict[int, int] = {i: end for i in graph.outputs}
        if graph.index:  # another subgraph's inputs are all written before it runs and copied from after it
            self.last.update({i: end for i in graph.inputs})
        for step, index in enumerate(order):
            op = graph.operators[index]
            for t in op.outputs:
                self.first.setdefault(t, step)
            for t in [*op.inputs, *op.outputs]:
                if t >= 0:
                    self.last[t] = max(self.last.get(t, step), step)
        for t in graph.tensors:
            if t.data is None:
                self.parent[t.index] = t.index
                self.offset[t.index] = 0
                self._members[t.index] = [t.index]
                if t.is_variable or (t.index not in self.first and t.index in self.last):
                    self.first[t.index], self.last[t.index] = BEFORE_FIRST_NODE, end  # read before written

    def root(self, t: int) -> int:
        while self.parent[t] != t:
            t = self.parent[t]
        return t

    def roots(self) -> list[int]:
        return sorted(self._members)

    def members(self, root: int) -> list[int]:
        return sorted(self._members[root])

    def span(self, root: int) -> tuple[int, int]:
        ts = self._members[root]
        return (min(self.first.get(t, UNUSED) for t in ts), max(self.last.get(t, UNUSED) for t in ts))

    def join(self, keep: int, absorbed: int, at: int = 0) -> None:
        """Merges `absorbed`'s group, which must be a root, into `keep`'s, with `absorbed`'s bytes starting `at`
        bytes into `keep`'s."""
        root, shift = self.root(keep), self.offset[keep] + at
        for t in self._members[absorbed]:
            self.offset[t] += shift
        self.parent[absorbed] = root
        self._members[root] += self._members.pop(absorbed)

    def undo_join(self, keep: int, absorbed: int) -> None:
        """Takes back `join(keep, absorbed, at)`."""
        root, shift = self.root(keep), self.offset[absorbed]
        self.parent[absorbed] = absorbed
        joined = self._members[root]
        self._members[absorbed] = [t for t in joined if self.root(t) == absorbed]
        self._members[root] = [t for t in joined if self.root(t) == root]
        for t in self._members[absorbed]:
            self.offset[t] -= shift


def group_buffer(graph: Graph, groups: Groups, root: int, name: str = "") -> Buffer:
    """A group's buffer. One with an overlap has its tensors as parts: two tensors that overlap are never the
    same size and both live for the whole group, so each takes its bytes only while it lives."""
    members = groups.members(root)
    first, last = groups.span(root)
    size = max(groups.offset[t] + graph.tensors[t].nbytes for t in members)
    parts = []
    if groups.overlapping.intersection(members):
        for t in members:
            t_first, t_last = groups.first.get(t, first), groups.last.get(t, last)
            parts.append(Part(groups.offset[t], graph.tensors[t].nbytes, t_first, t_last))
    return Buffer(name, size, first, last, parts=parts)


def storage_buffers(graph: Graph, groups: Groups) -> dict[int, Buffer]:
    buffers = {}
    for root in groups.roots():
        names = ", ".join(str(t) for t in groups.members(root))
        buffers[root] = group_buffer(graph, groups, root, f"tensor {names} '{graph.tensors[root].name}'")
    return buffers


def inplace_candidate(graph: Graph, op, step: int, kernel: KernelSpec, groups: Groups, overlap: bool = False):
    cand = _candidate(graph, op, step, kernel, groups, overlap)
    if cand is not None and graph.index and set(graph.inputs) & set(groups.members(groups.root(cand.index))):
        # another subgraph's inputs are written from outside between its runs (WHILE copies the body's outputs
        # into its inputs), so no output of it shares an input's bytes
        return None
    return cand


def _candidate(graph: Graph, op, step: int, kernel: KernelSpec, groups: Groups, overlap: bool = False):
    """The input whose bytes output 0 may take (in place, or with `overlap` partly: input 0), if it dies here."""
    inputs, outs = graph.node_io(op)
    if kernel.view and not overlap:
        source = inputs[0] if inputs else None
        return source if source is not None and source.data is None and source.nbytes == outs[0].nbytes else None
    k = (0 if inputs else None) if overlap else kernel.inplace_input(op, inputs, outs)
    cand = inputs[k] if k is not None else None
    if (
        cand is None
        or cand.data is not None
        or (outs[0].nbytes > cand.nbytes and not overlap)
        or groups.span(groups.root(cand.index))[1] != step
        or set(graph.outputs) & set(groups.members(groups.root(cand.index)))
        or op.inputs.count(cand.index) != 1
        # another input in the same bytes (a view of the candidate) would be overwritten before it is read
        or any(groups.root(t) == groups.root(cand.index) for t in op.inputs if t in groups.parent and t != cand.index)
    ):
        return None
    return cand


def extent(graph: Graph, groups: Groups, root: int) -> Buffer:
    """A group's size and lifetime, unnamed: what the lower bound needs."""
    return group_buffer(graph, groups, root)
