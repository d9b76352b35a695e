"""IF and WHILE copy tensors between a node and other subgraphs' inputs and outputs; every copied pair must have
one type and shape (mcugen's shapes are static, so a WHILE body that changes a shape cannot run)."""

from __future__ import annotations

from ..errors import McugenError
from ..model import Graph, Operator, Tensor


def _same(op: Operator, what: str, ours: list[Tensor], theirs: list[Tensor]) -> None:
    if len(ours) != len(theirs):
        raise McugenError(
            f"{op.where} ({op.op_name}) has {len(ours)} {what} tensors but the subgraph has {len(theirs)}"
        )
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if a.dtype.name != b.dtype.name or tuple(a.shape) != tuple(b.shape):
            raise McugenError(
                f"{op.where} ({op.op_name}): {what} {k} is {list(a.shape)} {a.dtype.name} but the subgraph's is "
                f"{list(b.shape)} {b.dtype.name}; mcugen needs static shapes"
            )


def _io(graph: Graph, indices: list[int]) -> list[Tensor]:
    return [graph.tensors[i] for i in indices]


def check_control_flow(graph: Graph) -> None:
    for g in graph.subgraphs or [graph]:
        for op in g.operators:
            inputs, outputs = [g.tensors[i] for i in op.inputs if i >= 0], _io(g, op.outputs)
            if op.op_name == "IF":
                for option in ("then_subgraph_index", "else_subgraph_index"):
                    branch = graph.subgraphs[op.options[option]]
                    _same(op, "input", inputs[1:], _io(branch, branch.inputs))
                    _same(op, "output", outputs, _io(branch, branch.outputs))
            elif op.op_name == "WHILE":
                cond = graph.subgraphs[op.options["cond_subgraph_index"]]
                body = graph.subgraphs[op.options["body_subgraph_index"]]
                _same(op, "input", inputs, _io(cond, cond.inputs))
                _same(op, "input", inputs, _io(body, body.inputs))
                _same(op, "output", outputs, _io(body, body.outputs))
                flag = _io(cond, cond.outputs)
                if len(flag) != 1 or flag[0].dtype.name != "BOOL" or flag[0].num_elements != 1:
                    raise McugenError(f"{op.where} (WHILE): its condition subgraph must give one bool")
                for k, t in enumerate(body.outputs):
                    if t in body.inputs and body.inputs.index(t) != k:
                        raise McugenError(
                            f"{op.where} (WHILE): the body returns its input {body.inputs.index(t)} as output {k}; "
                            "mcugen cannot reorder loop values in place"
                        )
