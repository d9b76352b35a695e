"""UNPACK: the input split along an axis into `num` outputs without that axis."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common._copy import COPY_SOURCES, INT8_16_32_F, check_types, normalize_axis, product
from ..common._views import along_axis, in_bytes

SOURCES = ("unpack.h", "pack.h", "unpack.c", "unpack_copy.c", *COPY_SOURCES)  # pack.h: the parameter struct


def validate(op, inputs, outputs):
    if len(inputs) != 1 or inputs[0] is None or not outputs:
        return "needs one input and its outputs"
    inp = inputs[0]
    problem = check_types([inp, *outputs], INT8_16_32_F)
    if problem:
        return problem
    axis = normalize_axis(op.options.get("axis", 0), len(inp.shape))
    if axis is None:
        return f"axis {op.options.get('axis', 0)} is out of range for a {len(inp.shape)}-D input"
    num = int(op.options.get("num", 0))
    if num != len(outputs) or num != inp.shape[axis]:
        return f"num {num} differs from the {len(outputs)} outputs or the input's size {inp.shape[axis]} at axis {axis}"
    expected = list(inp.shape[:axis]) + list(inp.shape[axis + 1 :])
    if any(list(t.shape) != expected for t in outputs):
        return f"an output shape is not the input shape without axis {axis} ({expected})"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    axis = normalize_axis(op.options.get("axis", 0), len(inp.shape))
    return NodeParams(
        "mg_unpack_params",
        {"count": len(outputs), "outer_size": product(inp.shape[:axis]), "copy_size": product(inp.shape[axis + 1 :])},
    )


def view_offsets(op, inputs, outputs):
    """Unpacking along an axis with only axes of extent 1 before it: each output is a run of the input."""
    inp = inputs[0]
    axis = normalize_axis(op.options.get("axis", 0), len(inp.shape))
    offsets = in_bytes(along_axis(inp.shape, axis, [1] * len(outputs)), inp)
    return None if offsets is None else (0, offsets)


SPEC = KernelSpec(
    op="UNPACK",
    builtin_code=88,
    versions=(1, 4),
    dtypes=INT8_16_32_F,
    sources=SOURCES,
    registration="mg_register_unpack",
    validate=validate,
    params=params,
    view_offsets=view_offsets,
)
