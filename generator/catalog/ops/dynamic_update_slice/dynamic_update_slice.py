"""DYNAMIC_UPDATE_SLICE (TFLite Micro's dynamic_update_slice.cc): float32, int8, int16 and int32 operands, an
update of the same rank and type no larger in any dimension, and int32 or int64 start indices (one per dimension,
a graph input or a constant) read when the node runs and clamped so that the update fits, as TFLite Micro does.
The operand is copied to the output and the update written over it, as bytes."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._copy import strides

TYPES = ("FLOAT32", "INT8", "INT16", "INT32")
MAX_DIMS = 6  # TFLite Micro's kMaxDimensions (MG_DYNAMIC_UPDATE_SLICE_DIMS)


def validate(op, inputs, outputs):
    if len(inputs) != 3 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an operand, an update, start indices and one output"
    operand, update, indices = inputs
    out = outputs[0]
    if operand.dtype.name not in TYPES:
        return f"{operand.dtype.name} is not supported ({', '.join(t.lower() for t in TYPES)})"
    if update.dtype.name != operand.dtype.name or out.dtype.name != operand.dtype.name:
        return f"operand/update/output types {operand.dtype.name}/{update.dtype.name}/{out.dtype.name} differ"
    if indices.dtype.name not in ("INT32", "INT64"):
        return f"start indices of type {indices.dtype.name} are not supported (int32 or int64)"
    rank = len(operand.shape)
    if not 1 <= rank <= MAX_DIMS:
        return f"operands of {rank} dimensions are not supported (1 to {MAX_DIMS})"
    if list(indices.shape) != [rank]:
        return f"start indices of shape {list(indices.shape)} do not give one index per dimension ([{rank}])"
    if len(update.shape) != rank or any(u > o for u, o in zip(update.shape, operand.shape)):
        return f"update {list(update.shape)} does not fit the operand {list(operand.shape)}"
    if list(out.shape) != list(operand.shape):
        return f"output shape {list(out.shape)} is not the operand's {list(operand.shape)}"
    return None


def params(op, inputs, outputs):
    operand, update, _ = inputs
    return NodeParams(
        "mg_dynamic_update_slice_params",
        {
            "rank": len(operand.shape),
            "operand_dims": list(operand.shape),
            "operand_strides": strides(operand.shape),
            "update_dims": list(update.shape),
            "operand_count": operand.num_elements,
            "update_count": update.num_elements,
            "element_size": operand.dtype.size,
        },
    )


SPEC = KernelSpec(
    op="DYNAMIC_UPDATE_SLICE",
    builtin_code=151,
    versions=(1, 4),
    dtypes=TYPES,
    sources=("dynamic_update_slice.h", "dynamic_update_slice.c", "dynamic_update_slice_generic.c"),
    registration="mg_register_dynamic_update_slice",
    validate=validate,
    params=params,
)
