"""L2_NORMALIZATION (TFLite Micro's l2norm.cc): float32 and int8, 1-D to 4-D, along the last dimension, without a
fused activation."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common._elementwise import check_unary_types


def validate(op, inputs, outputs):
    problem = check_unary_types(inputs, outputs)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    if not 1 <= len(inp.shape) <= 4:
        return f"inputs of {len(inp.shape)} dimensions are not supported (1 to 4)"
    if tuple(out.shape) != tuple(inp.shape):
        return f"output shape {list(out.shape)} differs from the input shape {list(inp.shape)}"
    activation = op.options.get("fused_activation_function", 0)
    if activation != 0:
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    if inp.dtype.name == "INT8" and (inp.quant is None or len(inp.quant.scale) != 1):
        return "int8 L2_NORMALIZATION needs a per-tensor quantized input"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    depth = inp.shape[-1]
    return NodeParams(
        "mg_l2_normalization_params",
        {
            "outer_size": inp.num_elements // depth if depth else 0,
            "depth": depth,
            "input_zero_point": quant.zero_point_of(inp) if inp.dtype.name == "INT8" else 0,
        },
    )


SPEC = KernelSpec(
    op="L2_NORMALIZATION",
    builtin_code=11,
    versions=(1, 2),
    dtypes=("FLOAT32", "INT8"),
    sources=(
        "l2_normalization.h",
        "l2_normalization.c",
        "l2_normalization_f32.c",
        "l2_normalization_s8.c",
        "mg_inv_sqrt.h",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_l2_normalization",
    validate=validate,
    params=params,
)
