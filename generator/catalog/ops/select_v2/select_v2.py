"""SELECT_V2 (TFLite Micro's select.cc): condition ? x : y with a bool condition, x, y and output float32, int8 or
int16, all three inputs broadcast to the output up to 6-D."""

from __future__ import annotations

from ...spec import KernelSpec, NodeParams
from ..common import _broadcast

TYPES = ("FLOAT32", "INT8", "INT16")
MAX_DIMS = 6  # MG_SELECT_DIMS


def _padded(shape, rank: int) -> list[int]:
    return [1] * (rank - len(shape)) + list(shape)


def _broadcast3(shapes) -> list[int] | None:
    first = _broadcast.broadcast_shape(shapes[0], shapes[1])
    return None if first is None else _broadcast.broadcast_shape(first, shapes[2])


def validate(op, inputs, outputs):
    if len(inputs) != 3 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs three inputs and one output"
    condition, x, y = inputs
    out = outputs[0]
    types = tuple(t.dtype.name for t in (condition, x, y, out))
    if types[0] != "BOOL" or types[1] not in TYPES or len(set(types[1:])) != 1:
        return (
            f"condition/x/y/output types {'/'.join(types)} are not supported (a bool condition; float32 or "
            "int8 or int16 otherwise)"
        )
    shapes = [t.shape for t in (condition, x, y)]
    if any(len(s) > MAX_DIMS for s in (*shapes, out.shape)):
        return f"tensors of more than {MAX_DIMS} dimensions are not supported"
    if shapes[0] == shapes[1] == shapes[2] or all(t.num_elements == 1 for t in (condition, x, y, out)):
        return None if out.num_elements == x.num_elements else "the output size differs from the inputs'"
    shape = _broadcast3(shapes)
    if shape is None:
        return f"input shapes {[list(s) for s in shapes]} cannot be broadcast together"
    if list(out.shape) != list(shape):  # TFLite Micro's CheckBroadcastShape: the exact broadcast shape
        return f"output shape {list(out.shape)} is not the broadcast shape {list(shape)}"
    return None


def params(op, inputs, outputs):
    out = outputs[0]
    shapes = [t.shape for t in inputs]
    if shapes[0] == shapes[1] == shapes[2] or out.num_elements == 1:  # no broadcast: one flat walk
        extents, strides = _padded([out.num_elements], MAX_DIMS), [[0] * (MAX_DIMS - 1) + [1]] * 3
    else:
        extents, strides = _padded(out.shape, MAX_DIMS), [_broadcast._strides(s, MAX_DIMS) for s in shapes]
    return NodeParams(
        "mg_select_v2_params",
        {
            "extents": extents,
            "strides_c": strides[0],
            "strides_x": strides[1],
            "strides_y": strides[2],
            "count": out.num_elements,
        },
    )


SPEC = KernelSpec(
    op="SELECT_V2",
    builtin_code=123,
    versions=(1, 2),
    dtypes=TYPES,
    sources=("select_v2.h", "select_v2.c", "select_v2_f32.c", "select_v2_s8.c", "select_v2_s16.c"),
    registration="mg_register_select_v2",
    validate=validate,
    params=params,
)
