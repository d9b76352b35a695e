"""BROADCAST_ARGS (TFLite Micro's broadcast_args.cc): the broadcast shape of two 1-D int32 or int64 shape
tensors."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs two shape inputs and one output"
    types = tuple(t.dtype.name for t in (*inputs, outputs[0]))
    if len(set(types)) != 1 or types[0] not in ("INT32", "INT64"):
        return f"shape/shape/output types {'/'.join(types)} are not supported (all int32 or all int64)"
    if any(len(t.shape) != 1 for t in (*inputs, outputs[0])):
        return "the shapes and the output must be 1-D"
    return None


def params(op, inputs, outputs):
    return NodeParams(
        "mg_broadcast_args_params",
        {"count1": inputs[0].num_elements, "count2": inputs[1].num_elements, "output_count": outputs[0].num_elements},
    )


SPEC = KernelSpec(
    op="BROADCAST_ARGS",
    builtin_code=145,
    versions=(1, 1),
    dtypes=("INT32", "INT64"),
    sources=("broadcast_args.h", "broadcast_args.c", "broadcast_args_generic.c"),
    registration="mg_register_broadcast_args",
    validate=validate,
    params=params,
)
