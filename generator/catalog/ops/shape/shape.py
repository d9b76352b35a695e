"""SHAPE: the input's dimensions as an int32 vector."""

from __future__ import annotations

import numpy as np

from ...spec import KernelSpec, NodeParams

SOURCES = ("shape.h", "shape.c", "shape_s32.c")


def validate(op, inputs, outputs):
    if len(inputs) != 1 or inputs[0] is None or len(outputs) != 1:
        return "needs one input and one output"
    inp, out = inputs[0], outputs[0]
    if out.dtype.name != "INT32":
        # TFLite Micro's SHAPE fails on any other output type (out_type int64 included).
        return f"a {out.dtype.name} output is not supported (TFLite Micro's SHAPE writes int32 only)"
    if list(out.shape) != [len(inp.shape)]:
        return f"output shape {list(out.shape)} is not [{len(inp.shape)}] for a {len(inp.shape)}-D input"
    if not inp.shape:
        return "a scalar input has no dimensions to write"
    return None


def evaluate(op, inputs, outputs) -> np.ndarray | None:
    """The input's stored dimensions, which are what TFLite Micro's SHAPE writes (its tensors keep the flatbuffer's
    shape): known ahead of time, so the rewrite stage folds the node whatever its input."""
    if validate(op, inputs, outputs):
        return None
    return np.array(inputs[0].shape, dtype=np.int32)


def params(op, inputs, outputs):
    return NodeParams("mg_shape_params", {"num_dims": len(inputs[0].shape)})


SPEC = KernelSpec(
    op="SHAPE",
    builtin_code=77,
    versions=(1, 1),
    dtypes=("INT8", "INT16", "INT32", "FLOAT32", "INT64", "BOOL", "UINT8"),  # any input type: only its dims are read
    sources=SOURCES,
    registration="mg_register_shape",
    validate=validate,
    params=params,
)
