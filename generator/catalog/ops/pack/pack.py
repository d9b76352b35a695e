"""PACK: values_count inputs of one shape stacked along a new axis."""

from __future__ import annotations

import numpy as np

from ...spec import KernelSpec, NodeParams
from ..common._copy import COPY_SOURCES, INT8_16_32_F, check_types, product
from ..common._views import along_axis, in_bytes

SOURCES = ("pack.h", "pack.c", "pack_copy.c", *COPY_SOURCES)
TYPES = (*INT8_16_32_F, "INT64")


def _axis(op, out) -> int:
    axis = int(op.options.get("axis", 0))
    return axis + len(out.shape) if axis < 0 else axis


def validate(op, inputs, outputs):
    count = int(op.options.get("values_count", 0))
    if len(outputs) != 1 or not inputs or any(t is None for t in inputs):
        return "needs its inputs and one output"
    if count != len(inputs):
        return f"values_count {count} differs from the {len(inputs)} inputs"
    out = outputs[0]
    problem = check_types([*inputs, out], TYPES)
    if problem:
        return problem
    shape = list(inputs[0].shape)
    if any(list(t.shape) != shape for t in inputs):
        return "the inputs' shapes differ"
    axis = _axis(op, out)
    if not 0 <= axis <= len(shape):
        return f"axis {op.options.get('axis', 0)} is out of range for a {len(shape) + 1}-D output"
    expected = shape[:axis] + [count] + shape[axis:]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} is not the inputs stacked at axis {axis} ({expected})"
    return None


def params(op, inputs, outputs):
    out = outputs[0]
    axis = _axis(op, out)
    return NodeParams(
        "mg_pack_params",
        {
            "count": len(inputs),
            "outer_size": product(out.shape[:axis]),
            "copy_size": product(out.shape[axis + 1 :]),
        },
    )


def evaluate(op, inputs, outputs) -> np.ndarray | None:
    """The stack of constant inputs (the rewrite stage folds it); None where the kernel would not take the node or
    the inputs' quantization differs from the output's (the kernel copies bytes, so only equal ones are exact)."""
    if validate(op, inputs, outputs) or any(t.quant != outputs[0].quant for t in inputs):
        return None
    return np.stack([t.array() for t in inputs], axis=_axis(op, outputs[0]))


def input_offsets(op, inputs, outputs):
    """Stacking along an axis with only axes of extent 1 before it: each input is a run of the output."""
    out = outputs[0]
    return in_bytes(along_axis(out.shape, _axis(op, out), [1] * len(inputs)), out)


SPEC = KernelSpec(
    op="PACK",
    builtin_code=83,
    versions=(1, 4),
    dtypes=TYPES,
    sources=SOURCES,
    registration="mg_register_pack",
    validate=validate,
    params=params,
    input_offsets=input_offsets,
)
