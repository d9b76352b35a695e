"""IF and WHILE: run other subgraphs by index. The reader checked that the subgraphs exist; the check stage
(generator/check/subgraphs.py) that every tensor copied between the node and a subgraph keeps its type and shape."""

from __future__ import annotations

from ...spec import NodeParams, named_kernel


def validate_if(op, inputs, outputs):
    cond = inputs[0] if inputs else None
    if cond is None or cond.dtype.name != "BOOL" or cond.num_elements != 1:
        return "needs a one-element bool condition as its first input"
    if any(t is None for t in inputs):
        return "an omitted input is not supported"
    return None


def validate_while(op, inputs, outputs):
    if len(inputs) != len(outputs) or any(t is None for t in inputs):
        return f"needs as many outputs as inputs (has {len(inputs)} inputs, {len(outputs)} outputs)"
    return None


def params_if(op, inputs, outputs):
    fields = {"then_subgraph": op.options["then_subgraph_index"], "else_subgraph": op.options["else_subgraph_index"]}
    return NodeParams("mg_control_flow_params", fields)


def params_while(op, inputs, outputs):
    fields = {"then_subgraph": op.options["cond_subgraph_index"], "else_subgraph": op.options["body_subgraph_index"]}
    return NodeParams("mg_control_flow_params", fields)


SOURCES = ("control_flow.h", "control_flow.c")

SPECS = [
    named_kernel(name, code, (1, 1), ("FLOAT32", "INT8", "INT16", "INT32", "BOOL"), SOURCES, validate, params)
    for name, code, validate, params in (
        ("IF", 118, validate_if, params_if),
        ("WHILE", 119, validate_while, params_while),
    )
]
