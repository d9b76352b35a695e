"""ZEROS_LIKE (TFLite Micro's zeros_like.cc): zeros of the input's shape and type (int8, int32, int64, float32)."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common import _overlap

TYPES = ("FLOAT32", "INT8", "INT32", "INT64")


def validate(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is None or len(inputs) != 1 or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    if inp.dtype.name != out.dtype.name or inp.dtype.name not in TYPES:
        return (
            f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in TYPES)})"
        )
    if inp.num_elements != out.num_elements:
        return f"input and output sizes differ ({inp.num_elements} and {out.num_elements} elements)"
    return None


SPEC = KernelSpec(
    op="ZEROS_LIKE",
    builtin_code=93,
    versions=(1, 1),
    dtypes=TYPES,
    sources=("zeros_like.h", "zeros_like.c", "zeros_like_generic.c"),
    registration="mg_register_zeros_like",
    validate=validate,
    params=lambda op, inputs, outputs: NodeParams("mg_zeros_like_params", {"bytes": outputs[0].nbytes}),
    inplace_input=_overlap.in_place_first,  # the input is never read
)
