"""ARG_MAX and ARG_MIN along a constant axis (TFLite Micro's arg_min_max.cc): int8 or float32 input, int32
output (the types TFLite Micro supports)."""

from __future__ import annotations

import numpy as np

from ...spec import NodeParams, named_kernel

INT32 = 2  # the schema's TensorType for output_type


def _axis(inputs) -> int:
    inp, axis = inputs[0], inputs[1]
    value = int(axis.array().reshape(-1)[0])
    return value + len(inp.shape) if value < 0 else value


def validate(op, inputs, outputs):
    inp, axis = (list(inputs) + [None, None])[:2]
    if inp is None or axis is None or len(inputs) != 2 or len(outputs) != 1:
        return "needs an input, an axis tensor and one output"
    out = outputs[0]
    if inp.dtype.name not in ("INT8", "FLOAT32"):
        return f"input type {inp.dtype.name} is not supported (int8 or float32)"
    if out.dtype.name != "INT32" or op.options.get("output_type", INT32) != INT32:
        return f"output type {out.dtype.name} is not supported (TFLite Micro's {op.op_name} outputs int32 only)"
    if axis.data is None:
        return "the axis tensor must be constant"
    if axis.dtype.name != "INT32" or axis.num_elements != 1:
        return "axis must be one INT32 value (TFLite Micro reads it as int32)"
    if len(inp.shape) < 1:
        return "the input must have at least one dimension"
    a = _axis(inputs)
    if not 0 <= a < len(inp.shape):
        return f"axis {int(axis.array().reshape(-1)[0])} is out of range for a {len(inp.shape)}-D input"
    expected = tuple(d for i, d in enumerate(inp.shape) if i != a)
    if tuple(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from the input without axis {a}: {list(expected)}"
    if inp.shape[a] < 1:
        return "the reduced axis is empty"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    a = _axis(inputs)
    return NodeParams(
        "mg_arg_min_max_params",
        {
            "outer_size": int(np.prod(inp.shape[:a], dtype=np.int64)),
            "axis_size": int(inp.shape[a]),
            "inner_size": int(np.prod(inp.shape[a + 1 :], dtype=np.int64)),
        },
    )


SPECS = [
    named_kernel(
        name,
        code,
        (1, 3),
        ("FLOAT32", "INT8"),
        (
            "arg_min_max.h",
            "mg_elementwise.h",
            "arg_min_max.c",
            "arg_max_s8.c",
            "arg_max_f32.c",
            "arg_min_s8.c",
            "arg_min_f32.c",
        ),
        validate,
        params,
    )
    for name, code in (("ARG_MAX", 56), ("ARG_MIN", 79))
]
