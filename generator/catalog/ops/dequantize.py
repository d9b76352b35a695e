"""DEQUANTIZE: int8 -> float32."""

from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams


def validate(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    if inp is None or inp.dtype.name != "INT8" or out.dtype.name != "FLOAT32":
        return f"{inp.dtype.name if inp else 'missing'} -> {out.dtype.name} is not supported (int8 -> float32)"
    if len(inp.quant.scale) != 1:
        return "per-channel input quantization is not supported"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    return NodeParams(
        "mg_dequantize_params",
        {"count": inp.num_elements, "scale": float(quant.scale_of(inp)), "zero_point": quant.zero_point_of(inp)},
    )


SPEC = KernelSpec(
    op="DEQUANTIZE",
    builtin_code=6,
    versions=(1, 6),
    dtypes=("INT8",),
    sources=("dequantize.h", "dequantize.c", "dequantize_s8.c"),
    registration="mg_register_dequantize",
    validate=validate,
    params=params,
)
