"""Resource variables resolved at generation time, as TFLite Micro resolves them when it prepares the model.

VAR_HANDLE nodes name a variable by (container, shared_name); TFLite Micro numbers the variables in the order
the handles are prepared (subgraph 0 first, then each node in order) and a handle without a container matches a
variable of any container. A variable's buffer is made by the first ASSIGN_VARIABLE prepared for it, with that
node's value size, filled with its value's zero point. mcugen fixes all of this ahead of time: every variable's
size, type and first contents, and which variable each handle, read and assign refers to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import McugenError
from ..model import Graph, Operator
from ..model.reader import SUBGRAPH_OPTIONS


@dataclass
class ResourceVariable:
    id: int
    container: str | None
    shared_name: str
    nbytes: int = 0  # from its first ASSIGN_VARIABLE (0: never assigned)
    dtype: str = ""
    fill: int = 0  # the byte its buffer starts filled with: the first assigned value's zero point, as int8
    assigned_in: set[int] = field(default_factory=set)  # subgraphs holding an ASSIGN_VARIABLE of it


def _text(value) -> str | None:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def _find(variables: list[ResourceVariable], container: str | None, shared_name: str) -> ResourceVariable | None:
    for v in variables:
        if (container is None or container == v.container) and shared_name == v.shared_name:
            return v
    return None


def _handle_of(graph: Graph, op: Operator, resource: int, handles: dict) -> ResourceVariable:
    if resource < 0 or (graph.index, resource) not in handles:
        raise McugenError(
            f"{op.where} ({op.op_name}) takes a resource that no VAR_HANDLE of its subgraph makes; "
            "mcugen resolves every variable at generation time"
        )
    return handles[(graph.index, resource)]


def resolve_variables(graph: Graph) -> tuple[list[ResourceVariable], dict[tuple[int, int], int]]:
    """Every variable of the model and, for each resource tensor (subgraph, tensor), the variable it names."""
    variables: list[ResourceVariable] = []
    handles: dict[tuple[int, int], ResourceVariable] = {}
    for g in graph.subgraphs or [graph]:
        for op in g.operators:
            if op.op_name == "VAR_HANDLE" and op.outputs:
                container, name = _text(op.options.get("container")), _text(op.options.get("shared_name")) or ""
                variable = _find(variables, container, name)
                if variable is None:
                    variable = ResourceVariable(len(variables), container, name)
                    variables.append(variable)
                handles[(g.index, op.outputs[0])] = variable
    for g in graph.subgraphs or [graph]:
        for op in g.operators:
            if op.op_name == "ASSIGN_VARIABLE" and len(op.inputs) == 2:
                _assign(g, op, _handle_of(g, op, op.inputs[0], handles))
    for g in graph.subgraphs or [graph]:
        for op in g.operators:
            if op.op_name == "READ_VARIABLE" and op.inputs and op.outputs:
                _read(g, op, _handle_of(g, op, op.inputs[0], handles))
    _check_initialised(graph, handles)
    return variables, {key: v.id for key, v in handles.items()}


def _label(variable: ResourceVariable) -> str:
    return f"variable '{variable.shared_name}'"


def _assign(graph: Graph, op: Operator, variable: ResourceVariable) -> None:
    value = graph.tensors[op.inputs[1]] if op.inputs[1] >= 0 else None
    if value is None:
        raise McugenError(f"{op.where} (ASSIGN_VARIABLE) has no value input")
    if not variable.nbytes:  # the first assign prepared makes the buffer
        variable.nbytes, variable.dtype = value.nbytes, value.dtype.name
        zero_point = value.quant.zero_point[0] if value.quant and value.quant.zero_point else 0
        variable.fill = zero_point & 0xFF
    elif value.nbytes != variable.nbytes or value.dtype.name != variable.dtype:
        raise McugenError(
            f"{op.where} (ASSIGN_VARIABLE) writes {value.nbytes} bytes of {value.dtype.name} into {_label(variable)}, "
            f"which holds {variable.nbytes} bytes of {variable.dtype}"
        )
    variable.assigned_in.add(graph.index)


def _read(graph: Graph, op: Operator, variable: ResourceVariable) -> None:
    out = graph.tensors[op.outputs[0]]
    if not variable.nbytes:
        raise McugenError(
            f"{op.where} (READ_VARIABLE) reads {_label(variable)}, which no ASSIGN_VARIABLE of the model writes"
        )
    if out.nbytes != variable.nbytes or out.dtype.name != variable.dtype:
        raise McugenError(
            f"{op.where} (READ_VARIABLE) reads {out.nbytes} bytes of {out.dtype.name} from {_label(variable)}, "
            f"which holds {variable.nbytes} bytes of {variable.dtype}"
        )


def _reached(graph: Graph, start: int) -> set[int]:
    """A subgraph and every subgraph it invokes, directly or through others."""
    found, pending = {start}, [start]
    while pending:
        for op in graph.subgraphs[pending.pop()].operators:
            for option in SUBGRAPH_OPTIONS.get(op.op_name, ()):
                if op.options[option] not in found:
                    found.add(op.options[option])
                    pending.append(op.options[option])
    return found


def _check_initialised(graph: Graph, handles: dict) -> None:
    """In the primary subgraph, a variable read before anything assigned it needs an init subgraph (CALL_ONCE)
    that assigns it first; otherwise its first value is whatever the runtime happens to fill it with."""
    assigned: set[int] = set()
    primary = graph.subgraphs[0] if graph.subgraphs else graph
    for op in primary.operators:
        if op.op_name == "CALL_ONCE":
            reached = _reached(graph, op.options["init_subgraph_index"])
            assigned |= {v.id for v in handles.values() if v.assigned_in & reached}
        elif op.op_name == "ASSIGN_VARIABLE" and op.inputs:
            assigned.add(handles[(primary.index, op.inputs[0])].id)
        elif op.op_name == "READ_VARIABLE" and op.inputs:
            variable = handles[(primary.index, op.inputs[0])]
            if variable.id not in assigned:
                raise McugenError(
                    f"{op.where} (READ_VARIABLE) reads {_label(variable)} before any node assigns it, and no CALL_ONCE "
                    "init subgraph assigns it first; convert the model with its variables' initial values"
                )
