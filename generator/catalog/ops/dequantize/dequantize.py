"""DEQUANTIZE (TFLite Micro's dequantize.cc): int8, int16 or uint8 -> float32."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _overlap

INPUT_TYPES = ("INT8", "INT16", "UINT8")


def validate(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    if inp is None or inp.dtype.name not in INPUT_TYPES or out.dtype.name != "FLOAT32":
        return (
            f"{inp.dtype.name if inp else 'missing'} -> {out.dtype.name} is not supported "
            "(int8, int16 or uint8 -> float32)"
        )
    if inp.quant is None or len(inp.quant.scale) != 1:
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
    dtypes=INPUT_TYPES,
    sources=("dequantize.h", "dequantize.c", "dequantize_s8.c", "dequantize_s16_f32.c", "dequantize_u8_f32.c"),
    registration="mg_register_dequantize",
    validate=validate,
    params=params,
    overlap=_overlap.element_order,  # element i (float) written after input element i is read (dequantize_*.c)
)
