"""MIRROR_PAD (TFLite Micro's mirror_pad.cc): float32 and int8, REFLECT or SYMMETRIC, with constant int32 or int64
paddings, up to 6-D. Each output coordinate's input coordinate is TFLite's GetInputDimension, computed here."""

from __future__ import annotations

from ...spec import KernelSpec
from ..common._copy import product, strides
from ..common._table_copy import TABLE_DIMS, table_params

TYPES = ("FLOAT32", "INT8")
MODES = {0: "REFLECT", 1: "SYMMETRIC"}


def input_coordinate(padded: int, left: int, size: int, offset: int) -> int:
    """TFLite's GetInputDimension: offset 1 reflects without repeating the edge (REFLECT), 0 repeats it."""
    if padded < left:
        original = left + offset - 1
        return original - min(padded, original - offset)
    padded -= left
    if padded >= size:
        padded -= size
        original = size - (1 + offset)
        return original - min(padded, original)
    return padded


def _paddings(inputs) -> list[list[int]]:
    return inputs[1].array().reshape(-1, 2).astype(int).tolist()


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an input, paddings and one output"
    inp, paddings = inputs
    out = outputs[0]
    if inp.dtype.name not in TYPES or out.dtype.name != inp.dtype.name:
        return f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported (float32 or int8)"
    mode = op.options.get("mode", 0)
    if mode not in MODES:
        return f"padding mode {mode} is not supported (REFLECT or SYMMETRIC)"
    if not 1 <= len(inp.shape) <= TABLE_DIMS:
        return f"{len(inp.shape)}-D input; mirror padding runs on 1-D to {TABLE_DIMS}-D"
    if paddings.data is None or paddings.dtype.name not in ("INT32", "INT64"):
        return "the paddings must be a constant int32 or int64 tensor"
    if tuple(paddings.shape) != (len(inp.shape), 2):
        return f"paddings of shape {list(paddings.shape)} for a {len(inp.shape)}-D input (needs [{len(inp.shape)}, 2])"
    edge = 1 if MODES[mode] == "REFLECT" else 0  # REFLECT cannot reach past dim - 1 elements
    for (left, right), size in zip(_paddings(inputs), inp.shape):
        if min(left, right) < 0 or max(left, right) > size - edge:
            return f"{MODES[mode]} paddings {left}, {right} do not fit a dimension of {size}"
    expected = [size + left + right for (left, right), size in zip(_paddings(inputs), inp.shape)]
    if list(out.shape) != expected:
        return f"output shape {list(out.shape)} differs from input plus paddings {expected}"
    return None


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    offset = 1 if MODES[op.options.get("mode", 0)] == "REFLECT" else 0
    pads = _paddings(inputs)
    padded = [d for d, pair in enumerate(pads) if pair != [0, 0]]
    kept = padded[-1] + 1 if padded else 0  # the unpadded trailing axes are one contiguous block
    tables = [
        [input_coordinate(o, left, size, offset) * stride for o in range(size + left + right)]
        for (left, right), size, stride in zip(pads[:kept], inp.shape[:kept], strides(inp.shape))
    ]
    return table_params("mg_mirror_pad_params", tables, product(inp.shape[kept:]), out)


SPEC = KernelSpec(
    op="MIRROR_PAD",
    builtin_code=100,
    versions=(1, 3),
    dtypes=TYPES,
    sources=(
        "mirror_pad.h",
        "mirror_pad.c",
        "mirror_pad_generic.c",
        "mg_table_copy.h",
        "mg_elementwise.h",
        "mg_elementwise.c",
    ),
    registration="mg_register_mirror_pad",
    validate=validate,
    params=params,
)
