"""Builds the Plan: every node's kernel and parameters, every activation's arena offset."""
from __future__ import annotations

from dataclasses import dataclass

from ..catalog import KernelSpec, NodeParams
from ..check import CheckedGraph
from ..errors import McugenError
from ..model import Graph
from .arena import Buffer, check_placement, lower_bound, place

BEFORE_FIRST_NODE = -1
UNUSED = -2  # a tensor no node touches: placed, but live at no step


@dataclass
class NodePlan:
    index: int
    op_name: str          # e.g. "FULLY_CONNECTED", or the custom op's name
    version: int
    kernel: KernelSpec
    params: NodeParams
    scratch_bytes: int
    scratch_offset: int   # -1 when the kernel declares no scratch


@dataclass
class Plan:
    graph: Graph
    nodes: list[NodePlan]
    tensor_offsets: list[int | None]  # arena offset of each tensor, None for constants
    buffers: list[Buffer]             # every placed buffer (tensors and scratch), for reports and checks
    arena_size: int
    lower_bound: int

    @property
    def kernels(self) -> list[KernelSpec]:
        """The distinct kernels the model uses, in order of first use."""
        seen: dict[str, KernelSpec] = {}
        for node in self.nodes:
            seen.setdefault(node.kernel.registration, node.kernel)
        return list(seen.values())


def _tensor_buffers(graph: Graph) -> dict[int, Buffer]:
    end = len(graph.operators)
    first: dict[int, int] = {i: BEFORE_FIRST_NODE for i in graph.inputs}
    last: dict[int, int] = {i: end for i in graph.outputs}
    for op in graph.operators:
        for t in op.outputs:
            first.setdefault(t, op.index)
        for t in [*op.inputs, *op.outputs]:
            if t >= 0:
                last[t] = max(last.get(t, op.index), op.index)
    buffers = {}
    for t in graph.tensors:
        if t.data is not None:
            continue
        lo, hi = first.get(t.index, UNUSED), last.get(t.index, UNUSED)
        if t.is_variable or lo == UNUSED and hi != UNUSED:
            lo, hi = BEFORE_FIRST_NODE, end  # read before written: must hold its value across invocations
        buffers[t.index] = Buffer(f"tensor {t.index} '{t.name}'", t.nbytes, lo, hi)
    return buffers


def plan(checked: CheckedGraph) -> Plan:
    graph = checked.graph
    tensor_buffers = _tensor_buffers(graph)
    nodes, scratch = [], {}
    for op, kernel in zip(graph.operators, checked.kernels):
        inputs = [graph.tensors[i] if i >= 0 else None for i in op.inputs]
        outputs = [graph.tensors[i] for i in op.outputs]
        nbytes = kernel.scratch_bytes(op, inputs, outputs)
        if nbytes:
            scratch[op.index] = Buffer(f"scratch of node {op.index}", nbytes, op.index, op.index)
        nodes.append(NodePlan(op.index, op.display_name, op.version, kernel, kernel.params(op, inputs, outputs),
                              nbytes, -1))
    buffers = [*tensor_buffers.values(), *scratch.values()]
    arena_size = place(buffers)
    problems = check_placement(buffers, arena_size)
    if problems:  # the placer has a bug: never emit an unsafe plan
        raise McugenError("internal error: unsafe arena plan: " + "; ".join(problems[:3]))
    for index, buf in scratch.items():
        nodes[index].scratch_offset = buf.offset
    offsets = [tensor_buffers[t.index].offset if t.index in tensor_buffers else None for t in graph.tensors]
    return Plan(graph, nodes, offsets, buffers, arena_size, lower_bound(buffers))
