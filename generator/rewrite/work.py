"""The mutable copy of a graph the rewrites edit: tensors keep their indices, operators their original node
numbers, so every rewrite can name what it changed in the terms of the model the user gave."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Graph, Operator, Tensor


@dataclass
class Rewrite:
    kind: str  # "fold", "fuse", "cancel" or "dead"
    nodes: list[int]  # the original node numbers it removed or changed, the removed ones first
    ops: list[str]  # their ops, in the same order
    detail: str  # one line for the user


class Work:
    def __init__(self, graph: Graph):
        self.graph = graph
        self.tensors: list[Tensor] = [replace(t) for t in graph.tensors]
        self.operators: list[Operator] = [
            replace(op, inputs=list(op.inputs), outputs=list(op.outputs), options=dict(op.options))
            for op in graph.operators
        ]
        self.inputs, self.outputs = list(graph.inputs), list(graph.outputs)

    def is_constant(self, t: int) -> bool:
        return t >= 0 and self.tensors[t].data is not None

    def readers(self, t: int) -> list[Operator]:
        return [op for op in self.operators if t in op.inputs]

    def producer(self, t: int) -> Operator | None:
        return next((op for op in self.operators if t in op.outputs), None)

    def remove(self, op: Operator) -> None:
        self.operators = [o for o in self.operators if o is not op]

    def redirect(self, old: int, new: int) -> None:
        """Every node that reads tensor `old` reads `new` instead."""
        for op in self.operators:
            op.inputs = [new if t == old else t for t in op.inputs]

    def only_reader(self, t: int, op: Operator) -> bool:
        """`op` is the one node reading tensor `t`, and the graph does not give it out."""
        return t not in self.outputs and all(reader is op for reader in self.readers(t))
