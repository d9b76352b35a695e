"""DEPTH_TO_SPACE and SPACE_TO_DEPTH (TFLite Micro's depth_to_space.cc and space_to_depth.cc): NHWC float32 and
int8 with a block size; both are fixed permutations of the input, copied by mg_strided_copy.h."""

from __future__ import annotations

from ...spec import named_kernel
from ..common._elementwise import check_unary_types
from ..common._strided_copy import copy_params

DIMS = 6  # MG_STRIDED_COPY_DIMS


def validate(op, inputs, outputs):
    problem = check_unary_types(inputs, outputs)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    if len(inp.shape) != 4 or len(out.shape) != 4:
        return "needs 4-D (NHWC) input and output"
    bs = op.options.get("block_size", 0)
    if bs <= 0:
        return f"block size {bs} is not positive"
    (b, h, w, c) = inp.shape
    if op.op_name == "DEPTH_TO_SPACE":
        wanted = (b, h * bs, w * bs, c // (bs * bs)) if c % (bs * bs) == 0 else None
    else:
        wanted = (b, h // bs, w // bs, c * bs * bs) if h % bs == 0 and w % bs == 0 else None
    if wanted is None or tuple(out.shape) != wanted:
        return f"output shape {list(out.shape)} does not follow from input {list(inp.shape)} and block size {bs}"
    return None


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    bs = op.options["block_size"]
    if op.op_name == "DEPTH_TO_SPACE":  # output [b, h, dy, w, dx, c] reads input [b, h, w, (dy * bs + dx) * C + c]
        b, h, w, c_in = inp.shape
        c = out.shape[3]
        extents = [b, h, bs, w, bs, c]
        strides = [h * w * c_in, w * c_in, bs * c, c_in, c, 1]
    else:  # output [b, h, w, dy, dx, c] reads input [b, h * bs + dy, w * bs + dx, c]
        b, h_in, w_in, c = inp.shape
        h, w = out.shape[1], out.shape[2]
        extents = [b, h, w, bs, bs, c]
        strides = [h_in * w_in * c, bs * w_in * c, bs * c, w_in * c, c, 1]
    return copy_params(f"mg_{op.op_name.lower()}_params", extents, strides, 0, out)


SPECS = [
    named_kernel(
        name,
        code,
        (1, 2),
        ("FLOAT32", "INT8"),
        (
            f"{name.lower()}.h",
            f"{name.lower()}.c",
            f"{name.lower()}_generic.c",
            "mg_strided_copy.h",
            "mg_elementwise.h",
            "mg_elementwise.c",
        ),
        validate,
        params,
    )
    for name, code in (("DEPTH_TO_SPACE", 5), ("SPACE_TO_DEPTH", 26))
]
