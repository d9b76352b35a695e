"""FILL (TFLite Micro's fill.cc): a constant 1-D dims tensor (int8, int16, int32 or int64) equal to the output
shape, and a scalar value of the output's type (float32, int32 or int8)."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams

TYPES = ("FLOAT32", "INT32", "INT8")
DIMS_TYPES = ("INT8", "INT16", "INT32", "INT64")


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs dims and value inputs and one output"
    dims, value = inputs
    out = outputs[0]
    if value.dtype.name != out.dtype.name or value.dtype.name not in TYPES:
        return (
            f"value/output types {value.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in TYPES)})"
        )
    if len(value.shape) != 0:
        return f"the value must be a scalar (it has shape {list(value.shape)})"
    if dims.data is None:
        return "Non-constant dims tensor is not supported"
    if dims.dtype.name not in DIMS_TYPES or len(dims.shape) != 1:
        return f"the dims must be a 1-D int8, int16, int32 or int64 tensor (got {dims.dtype.name} {list(dims.shape)})"
    if [int(d) for d in dims.array()] != list(out.shape):
        return f"the dims {[int(d) for d in dims.array()]} differ from the output shape {list(out.shape)}"
    return None


def params(op, inputs, outputs):
    return NodeParams("mg_fill_params", {"count": outputs[0].num_elements, "element_size": outputs[0].dtype.size})


SPEC = KernelSpec(
    op="FILL",
    builtin_code=94,
    versions=(1, 4),
    dtypes=TYPES,
    sources=("fill.h", "fill.c", "fill_generic.c"),
    registration="mg_register_fill",
    validate=validate,
    params=params,
)
