"""BROADCAST_TO (TFLite Micro's broadcast_to.cc): any fixed-size type, a constant int32/int64 shape equal to the
output shape, up to 5-D."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._views import SAME_BYTES

MAX_DIMS = 5  # TFLite Micro's kMaxDims, MG_BROADCAST_TO_DIMS
TYPES = ("FLOAT32", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT32", "BOOL")


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs input and shape inputs and one output"
    inp, shape = inputs
    out = outputs[0]
    if inp.dtype.name != out.dtype.name or inp.dtype.name not in TYPES:
        return (
            f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported "
            f"({' or '.join(t.lower() for t in TYPES)})"
        )
    if shape.data is None:
        return "Non-constant shape tensor is not supported"
    if shape.dtype.name not in ("INT32", "INT64") or len(shape.shape) != 1:
        return f"the shape must be a 1-D int32 or int64 tensor (got {shape.dtype.name} {list(shape.shape)})"
    wanted = [int(d) for d in shape.array()]
    if wanted != list(out.shape):
        return f"the shape {wanted} differs from the output shape {list(out.shape)}"
    if len(out.shape) > MAX_DIMS:
        return f"tensors of more than {MAX_DIMS} dimensions are not supported"
    extra = len(out.shape) - len(inp.shape)
    if extra < 0 or any(d not in (1, wanted[extra + k]) for k, d in enumerate(inp.shape)):
        return f"input shape {list(inp.shape)} cannot be broadcast to {wanted}"
    return None


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    in_shape = [1] * (MAX_DIMS - len(inp.shape)) + list(inp.shape)
    strides, step = [0] * MAX_DIMS, 1
    for d in range(MAX_DIMS - 1, -1, -1):
        strides[d] = step if in_shape[d] != 1 else 0
        step *= in_shape[d]
    return NodeParams(
        "mg_broadcast_to_params",
        {
            "extents": [1] * (MAX_DIMS - len(out.shape)) + list(out.shape),
            "strides": strides,
            "count": out.num_elements,
            "element_size": out.dtype.size,
        },
    )


SPEC = KernelSpec(
    op="BROADCAST_TO",
    builtin_code=130,
    versions=(2, 3),
    dtypes=TYPES,
    sources=("broadcast_to.h", "broadcast_to.c", "broadcast_to_generic.c"),
    registration="mg_register_broadcast_to",
    validate=validate,
    params=params,
    # adding or keeping axes of extent 1 only: the output is the input's bytes
    view_offsets=lambda op, inputs, outputs: SAME_BYTES if inputs[0].num_elements == outputs[0].num_elements else None,
)
