"""SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND (TFLite Micro's space_to_batch_nd.cc and batch_to_space_nd.cc): 3-D NHC
and 4-D NHWC float32 and int8, with a constant int32 block shape and paddings / crops. A 3-D input is NH1C with a
block width of 1, as TFLite's ExtendShapeSpaceToBatch makes it. SPACE_TO_BATCH_ND pads with zero bytes (see
space_to_batch_nd.h); BATCH_TO_SPACE_ND is a fixed permutation with crops, copied by mg_table_copy.h."""

from __future__ import annotations

from ...spec import NodeParams, named_kernel
from ..common._copy import strides
from ..common._table_copy import table_params

TYPES = ("FLOAT32", "INT8")


def _nhwc(shape) -> list[int]:
    return list(shape) if len(shape) == 4 else [shape[0], shape[1], 1, shape[2]]


def _block_and_edges(inputs) -> tuple[list[int], list[int]]:
    """(block height, width) and (top, bottom, left, right) paddings or crops, width ones 1 and 0 for 3-D."""
    block = [int(v) for v in inputs[1].array().reshape(-1)] + [1]
    edges = [int(v) for v in inputs[2].array().reshape(-1)] + [0, 0]
    return block[:2], edges[:4]


def expected_output(op_name: str, inp, block, edges) -> list[int] | None:
    """The output shape the block and paddings/crops give (None when they do not divide the input)."""
    b, h, w, c = _nhwc(inp.shape)
    (bh, bw), (top, bottom, left, right) = block, edges
    if op_name == "SPACE_TO_BATCH_ND":
        if (h + top + bottom) % bh or (w + left + right) % bw:
            return None
        shape = [b * bh * bw, (h + top + bottom) // bh, (w + left + right) // bw, c]
    else:
        if b % (bh * bw):
            return None
        shape = [b // (bh * bw), h * bh - top - bottom, w * bw - left - right, c]
    return shape if len(inp.shape) == 4 else [shape[0], shape[1], shape[3]]


def validate(op, inputs, outputs):
    edges_name = "paddings" if op.op_name == "SPACE_TO_BATCH_ND" else "crops"
    if len(inputs) != 3 or any(t is None for t in inputs) or len(outputs) != 1:
        return f"needs an input, a block shape, {edges_name} and one output"
    inp, block_shape, edges_tensor = inputs
    out = outputs[0]
    if inp.dtype.name not in TYPES or out.dtype.name != inp.dtype.name:
        return f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported (float32 or int8)"
    if len(inp.shape) not in (3, 4) or len(out.shape) != len(inp.shape):
        return f"{len(inp.shape)}-D input and {len(out.shape)}-D output; needs 3-D NHC or 4-D NHWC for both"
    spatial = len(inp.shape) - 2
    for tensor, name, shape in ((block_shape, "block shape", (spatial,)), (edges_tensor, edges_name, (spatial, 2))):
        if tensor.data is None or tensor.dtype.name != "INT32" or tuple(tensor.shape) != shape:
            return f"the {name} must be a constant int32 tensor of shape {list(shape)}"
    block, edges = _block_and_edges(inputs)
    if min(block) < 1 or min(edges) < 0:
        return f"block shape {block[:spatial]} must be positive and {edges_name} {edges[: 2 * spatial]} not negative"
    expected = expected_output(op.op_name, inp, block, edges)
    if expected is None or min(expected) < 1 or list(out.shape) != expected:
        return f"output shape {list(out.shape)} does not follow from input {list(inp.shape)}, block and {edges_name}"
    return None


def space_to_batch_params(op, inputs, outputs):
    (b, h, w, c), (ob, oh, ow, _) = _nhwc(inputs[0].shape), _nhwc(outputs[0].shape)
    (bh, bw), (top, _, left, _) = _block_and_edges(inputs)
    return NodeParams(
        "mg_space_to_batch_nd_params",
        {
            "input_batches": b,
            "input_height": h,
            "input_width": w,
            "output_batches": ob,
            "output_height": oh,
            "output_width": ow,
            "block_height": bh,
            "block_width": bw,
            "pad_top": top,
            "pad_left": left,
            "depth": c,
            "element_size": inputs[0].dtype.size,
        },
    )


def batch_to_space_params(op, inputs, outputs):
    """Output (batch, row, column) reads input batch batch + (row offset * block width + column offset) * batches
    at row (row + top) / block height and column (column + left) / block width, the offsets the remainders."""
    (_, _, _, c), (ob, oh, ow, _) = _nhwc(inputs[0].shape), _nhwc(outputs[0].shape)
    (bh, bw), (top, _, left, _) = _block_and_edges(inputs)
    batch, row, column, _ = strides(_nhwc(inputs[0].shape))
    tables = [
        [o * batch for o in range(ob)],
        [((y + top) % bh * bw * ob) * batch + (y + top) // bh * row for y in range(oh)],
        [((x + left) % bw * ob) * batch + (x + left) // bw * column for x in range(ow)],
    ]
    return table_params("mg_batch_to_space_nd_params", tables, c, outputs[0])


SPECS = [
    named_kernel(
        name,
        code,
        (1, 4),
        TYPES,
        (
            f"{name.lower()}.h",
            f"{name.lower()}.c",
            f"{name.lower()}_generic.c",
            *extra,
            "mg_elementwise.h",
            "mg_elementwise.c",
        ),
        validate,
        params,
    )
    for name, code, params, extra in (
        ("SPACE_TO_BATCH_ND", 38, space_to_batch_params, ()),
        ("BATCH_TO_SPACE_ND", 37, batch_to_space_params, ("mg_table_copy.h",)),
    )
]
