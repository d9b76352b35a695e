"""CALL_ONCE: runs its init subgraph at the first invoke (the subgraph index was checked by the reader)."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams


def validate(op, inputs, outputs):
    if inputs or outputs:
        return "takes no inputs and no outputs"
    return None


def params(op, inputs, outputs):
    return NodeParams("mg_call_once_params", {"init_subgraph": op.options["init_subgraph_index"]})


SPEC = KernelSpec(
    op="CALL_ONCE",
    builtin_code=129,
    versions=(1, 1),
    dtypes=(),
    sources=("call_once.h", "call_once.c"),
    registration="mg_register_call_once",
    validate=validate,
    params=params,
)
