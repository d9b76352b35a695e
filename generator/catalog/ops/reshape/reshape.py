"""RESHAPE, SQUEEZE and EXPAND_DIMS: views whose output shape is static in the model, so the kernel copies
the bytes (and does nothing when the planner aliases input and output). RESHAPE and SQUEEZE take any sized type
(bool, int64 and uint8 too), as TFLite Micro copies them as bytes; its EXPAND_DIMS takes int8, int16 and float32."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams, named_kernel
from ..common._copy import ANY_SIZED, COPY_SOURCES, INT8_16_F, check_types, constant_int32

SOURCES = ("reshape.h", "reshape.c", "reshape_copy.c", *COPY_SOURCES)


def _common(inputs, outputs, allowed, input_counts: tuple[int, ...], takes: str) -> str | None:
    """The checks every view opens with: `input_counts` inputs (`takes` says which, for the message), one output,
    the allowed types and equal element counts."""
    if len(inputs) not in input_counts:
        return f"takes {takes}, not {len(inputs)}"
    if not inputs or inputs[0] is None or len(outputs) != 1:
        return "needs an input and one output"
    inp, out = inputs[0], outputs[0]
    problem = check_types([inp, out], allowed)
    if problem:
        return problem
    if inp.num_elements != out.num_elements:
        return f"input {list(inp.shape)} and output {list(out.shape)} hold different element counts"
    return None


def validate_reshape(op, inputs, outputs):
    # The shape tensor (or new_shape option) only restates the output shape, which is static in the model;
    # TFLite Micro does not read it either.
    return _common(inputs, outputs, ANY_SIZED, (1, 2), "1 or 2 inputs")


def validate_squeeze(op, inputs, outputs):
    problem = _common(inputs, outputs, ANY_SIZED, (1,), "1 input")
    if problem:
        return problem
    shape = inputs[0].shape
    if len(shape) > 8:
        return f"a {len(shape)}-D input is not supported (up to 8-D)"
    dims = op.options.get("squeeze_dims") or []
    squeeze = [False] * len(shape)
    if not dims:
        squeeze = [d == 1 for d in shape]
    for d in dims:
        axis = d + len(shape) if d < 0 else d
        if not 0 <= axis < len(shape) or shape[axis] != 1:
            return f"squeeze dimension {d} is not a dimension of size 1 of the {list(shape)} input"
        squeeze[axis] = True
    kept = [s for s, drop in zip(shape, squeeze) if not drop]
    if list(outputs[0].shape) != kept:
        return f"output shape {list(outputs[0].shape)} is not the squeezed input shape {kept}"
    return None


def validate_expand_dims(op, inputs, outputs):
    problem = _common(inputs, outputs, INT8_16_F, (2,), "2 inputs (input, axis)")
    if problem:
        return problem
    axis, problem = constant_int32(inputs[1], "axis")
    if problem:
        return problem
    if len(inputs[1].shape) > 1 or axis.size < 1:
        return "the axis tensor must hold one value"
    shape = list(inputs[0].shape)
    a = int(axis[0])
    if a < 0:
        a += len(shape) + 1
    if not 0 <= a <= len(shape):
        return f"axis {int(axis[0])} is out of range for a {len(shape)}-D input"
    expected = shape[:a] + [1] + shape[a:]
    if list(outputs[0].shape) != expected:
        return f"output shape {list(outputs[0].shape)} is not the input shape with a 1 at axis {a} ({expected})"
    return None


def params(op, inputs, outputs):
    return NodeParams("mg_reshape_params", {"num_elements": inputs[0].num_elements})


def _view_spec(op: str, builtin_code: int, versions: tuple[int, int], dtypes, validate) -> KernelSpec:
    """RESHAPE, SQUEEZE and EXPAND_DIMS differ only in their check: each output is a view of its input."""
    return named_kernel(op, builtin_code, versions, dtypes, SOURCES, validate, params, view=True)


SPECS = [
    _view_spec("RESHAPE", 22, (1, 1), ANY_SIZED, validate_reshape),
    _view_spec("SQUEEZE", 43, (1, 2), ANY_SIZED, validate_squeeze),
    _view_spec("EXPAND_DIMS", 70, (1, 1), INT8_16_F, validate_expand_dims),
]
