"""REDUCE_MAX and REDUCE_MIN (TFLite Micro's reduce.cc): float32 and int8 (one quantization for input and
output), over a constant int32 list of axes, up to 6-D, with or without keep_dims; REDUCE_ALL the same walk over
bools (a logical and: the minimum of 0/1 bytes, starting from true)."""

from __future__ import annotations

import math

from ... import quant
from ...spec import NodeParams, named_kernel

MAX_DIMS = 6  # MG_REDUCE_DIMS
SOURCES = (
    "reduce_min_max.h",
    "mg_elementwise.h",
    "reduce_min_max.c",
    "reduce_max_f32.c",
    "reduce_max_s8.c",
    "reduce_min_f32.c",
    "reduce_min_s8.c",
    "reduce_all_b.c",
)


def _axes(inp, axis) -> set[int]:
    return {int(a) % len(inp.shape) for a in axis.array().reshape(-1)}


def validate(op, inputs, outputs):
    return _validate(op, inputs, outputs, (("FLOAT32", "FLOAT32"), ("INT8", "INT8")), "int8 or float32")


def validate_all(op, inputs, outputs):
    return _validate(op, inputs, outputs, (("BOOL", "BOOL"),), "bool")


def _validate(op, inputs, outputs, allowed, names: str):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an input, axes and one output"
    inp, axis = inputs
    out = outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types not in allowed:
        return f"input/output types {'/'.join(types)} are not supported ({names})"
    if axis.dtype.name != "INT32" or axis.data is None:
        return "the axes must be a constant int32 tensor"
    if not 1 <= len(inp.shape) <= MAX_DIMS:
        return f"inputs of {len(inp.shape)} dimensions are not supported (1 to {MAX_DIMS})"
    if any(not -len(inp.shape) <= int(a) < len(inp.shape) for a in axis.array().reshape(-1)):
        return f"an axis in {axis.array().reshape(-1).tolist()} is out of range for {len(inp.shape)} dimensions"
    kept = [d for k, d in enumerate(inp.shape) if k not in _axes(inp, axis)]
    if out.num_elements != math.prod(kept):
        return f"output shape {list(out.shape)} does not match the reduced input shape"
    if types[0] == "INT8":
        for role, t in (("input", inp), ("output", out)):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"int8 {op.op_name} needs a per-tensor quantized {role}"
        if quant.scale_of(inp) != quant.scale_of(out) or quant.zero_point_of(inp) != quant.zero_point_of(out):
            return f"int8 {op.op_name} needs the same scale and zero point on input and output"
    return None


def params(op, inputs, outputs):
    inp, axis = inputs
    reduced = _axes(inp, axis)
    shape = list(inp.shape)
    out_strides, step = [0] * len(shape), 1
    for d in range(len(shape) - 1, -1, -1):
        if d not in reduced:
            out_strides[d] = step
            step *= shape[d]
    pad = MAX_DIMS - len(shape)
    return NodeParams(
        "mg_reduce_min_max_params",
        {
            "extents": [1] * pad + shape,
            "out_strides": [0] * pad + out_strides,
            "input_count": inp.num_elements,
            "output_count": outputs[0].num_elements,
        },
    )


SPECS = [
    named_kernel(name, code, versions, dtypes, SOURCES, check, params)
    for name, code, versions, dtypes, check in (
        ("REDUCE_MAX", 82, (1, 3), ("FLOAT32", "INT8"), validate),
        ("REDUCE_MIN", 89, (1, 3), ("FLOAT32", "INT8"), validate),
        ("REDUCE_ALL", 140, (1, 1), ("BOOL",), validate_all),
    )
]
