"""CAST (TFLite Micro's cast.cc): int8, int16, int32, uint32, float32 or bool to int8, int16, int32, uint32 or
float32."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common import _overlap
from ..common._views import SAME_BYTES

INPUT_TYPES = ("INT8", "INT16", "INT32", "UINT32", "FLOAT32", "BOOL")
OUTPUT_TYPES = ("INT8", "INT16", "INT32", "UINT32", "FLOAT32")


def validate(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is None or len(inputs) != 1 or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    if inp.dtype.name not in INPUT_TYPES or out.dtype.name not in OUTPUT_TYPES:
        return (
            f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in INPUT_TYPES)} to {' or '.join(t.lower() for t in OUTPUT_TYPES)})"
        )
    if inp.num_elements != out.num_elements:
        return f"input and output sizes differ ({inp.num_elements} and {out.num_elements} elements)"
    return None


def same_bits(inp, out) -> bool:
    """A cast that changes no bit: to the same type, or between int32 and uint32 (modulo 2^32)."""
    return inp.dtype.name == out.dtype.name or {inp.dtype.name, out.dtype.name} == {"INT32", "UINT32"}


def params(op, inputs, outputs):
    return NodeParams(
        "mg_cast_params",
        {"count": outputs[0].num_elements, "input_type": inputs[0].dtype.code, "output_type": outputs[0].dtype.code},
    )


SPEC = KernelSpec(
    op="CAST",
    builtin_code=53,
    versions=(1, 7),
    dtypes=INPUT_TYPES,
    sources=("cast.h", "cast.c", "cast_generic.c"),
    registration="mg_register_cast",
    validate=validate,
    params=params,
    # element i is read before output element i is written; with a wider output that write covers later inputs
    inplace_input=_overlap.in_place_no_wider,
    view_offsets=lambda op, inputs, outputs: SAME_BYTES if same_bits(inputs[0], outputs[0]) else None,
)
