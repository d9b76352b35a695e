"""QUANTIZE: float32 -> int8, and int8 -> int8 or uint8 requantization (a streaming model's uint8 output)."""

from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams


def validate(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    pair = (inp.dtype.name if inp else "missing", out.dtype.name)
    if pair not in (("FLOAT32", "INT8"), ("INT8", "INT8"), ("INT8", "UINT8")):
        return f"{pair[0]} -> {pair[1]} is not supported (float32/int8 -> int8, int8 -> uint8)"
    if len(out.quant.scale) != 1:
        return "per-channel output quantization is not supported"
    return None


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {
        "count": out.num_elements,
        "scale": float(quant.scale_of(out)),
        "zero_point": quant.zero_point_of(out),
        "input_zero_point": 0,
        "multiplier": 0,
        "shift": 0,
    }
    if inp.dtype.name == "INT8":
        real = float(quant.scale_of(inp)) / float(quant.scale_of(out))
        multiplier, shift = quant.quantize_multiplier(real)
        fields.update(input_zero_point=quant.zero_point_of(inp), multiplier=multiplier, shift=shift)
    return NodeParams("mg_quantize_params", fields)


SPEC = KernelSpec(
    op="QUANTIZE",
    builtin_code=114,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8"),
    sources=("quantize.h", "quantize.c", "quantize_s8.c", "mg_fixedpoint.h"),
    registration="mg_register_quantize",
    validate=validate,
    params=params,
    # out[i] is written at byte i * out_size after in[i] was read at byte i * in_size >= it.
    inplace_input=lambda op, inputs, outputs: 0,
)
