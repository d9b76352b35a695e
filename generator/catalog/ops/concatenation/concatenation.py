"""CONCATENATION along any axis (float32, int8, int16, int32, int64, bool).

TFLite Micro copies int8 inputs without rescaling: its Prepare requires every input to share the output's
scale and zero point, and allows no fused activation; this catalog entry rejects the same nodes."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common._views import along_axis, in_bytes

TYPES = ("FLOAT32", "INT8", "INT16", "INT32", "INT64", "BOOL")
MAX_INPUTS = 10  # TFLite Micro's kMaxInputNum
MAX_DIMS = 6  # RuntimeShape::kMaxSmallSize


def _axis(op, out) -> int:
    axis = op.options.get("axis", 0)
    return axis + len(out.shape) if axis < 0 else axis


def validate(op, inputs, outputs):
    if not inputs or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs at least one input and one output"
    out = outputs[0]
    if len(inputs) > MAX_INPUTS:
        return f"{len(inputs)} inputs; TFLite Micro concatenates at most {MAX_INPUTS}"
    activation = op.options.get("fused_activation_function", 0)
    if activation != 0:
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} (TFLite Micro allows none)"
    if out.dtype.name not in TYPES:
        return f"type {out.dtype.name} is not supported ({', '.join(t.lower() for t in TYPES)})"
    if any(t.dtype.name != out.dtype.name for t in inputs):
        return "every input must have the output's type"
    rank = len(out.shape)
    if rank > MAX_DIMS:
        return f"{rank}-D tensors; TFLite Micro concatenates up to {MAX_DIMS}-D"
    axis = _axis(op, out)
    if not 0 <= axis < rank:
        return f"axis {op.options.get('axis', 0)} is out of range for {rank}-D tensors"
    for t in inputs:
        if len(t.shape) != rank or any(t.shape[j] != out.shape[j] for j in range(rank) if j != axis):
            return f"input shape {list(t.shape)} does not fit output shape {list(out.shape)} along axis {axis}"
    if sum(t.shape[axis] for t in inputs) != out.shape[axis]:
        return "the inputs' sizes along the axis do not add up to the output's"
    if out.dtype.name == "INT8":
        if out.quant is None or any(t.quant is None for t in inputs):
            return "int8 tensors need quantization parameters"
        out_q = (quant.zero_point_of(out), float(quant.scale_of(out)))
        for t in inputs:
            if (quant.zero_point_of(t), float(quant.scale_of(t))) != out_q:
                return (
                    "int8 inputs must share the output's scale and zero point "
                    "(TFLite Micro concatenates without rescaling)"
                )
    return None


def params(op, inputs, outputs):
    out = outputs[0]
    axis = _axis(op, out)
    inner = int(np.prod(out.shape[axis + 1 :], dtype=np.int64))
    return NodeParams(
        "mg_concatenation_params",
        {
            "num_inputs": len(inputs),
            "outer_size": int(np.prod(out.shape[:axis], dtype=np.int64)),
            "copy_sizes": [int(t.shape[axis]) * inner for t in inputs],
            "output_count": out.num_elements,
        },
    )


def input_offsets(op, inputs, outputs):
    """Along an axis with only axes of extent 1 before it, each input is a run of the output."""
    out = outputs[0]
    axis = _axis(op, out)
    return in_bytes(along_axis(out.shape, axis, [t.shape[axis] for t in inputs]), out)


SPEC = KernelSpec(
    op="CONCATENATION",
    builtin_code=2,
    versions=(1, 4),
    dtypes=TYPES,
    sources=("concatenation.h", "concatenation.c", "concatenation_generic.c", "mg_copy.h"),
    registration="mg_register_concatenation",
    validate=validate,
    params=params,
    input_offsets=input_offsets,
)
