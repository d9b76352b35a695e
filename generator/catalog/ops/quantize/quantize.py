"""QUANTIZE (TFLite Micro's quantize.cc): float32 -> int8 or int16, and requantization int8 -> int8, uint8,
int16 or int32, int16 -> int8, int16 or int32, int32 -> int8 or int16, uint8 -> int8 (the pairs TFLite Micro's
quantize_common.cc converts)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _overlap

PAIRS = (
    ("FLOAT32", "INT8"),
    ("FLOAT32", "INT16"),
    ("INT8", "INT8"),
    ("INT8", "UINT8"),
    ("INT8", "INT16"),
    ("INT8", "INT32"),
    ("INT16", "INT8"),
    ("INT16", "INT16"),
    ("INT16", "INT32"),
    ("INT32", "INT8"),
    ("INT32", "INT16"),
    ("UINT8", "INT8"),
)
# the largest left shift for which the offset input, shifted, still fits int32 before the multiplier (an int32
# input already fills it: no left shift, i.e. input_scale / output_scale below 1)
MAX_SHIFTS = {"INT8": 23, "UINT8": 23, "INT16": 15, "INT32": 0}  # 255 << 23, 65535 << 15


def _requantize_multiplier(inp, out) -> tuple[int, int]:
    """PrepareQuantizeReference: input_scale / output_scale in double."""
    return quant.quantize_multiplier(float(quant.scale_of(inp)) / float(quant.scale_of(out)))


def validate(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    pair = (inp.dtype.name if inp else "missing", out.dtype.name)
    if pair not in PAIRS:
        names = ", ".join(f"{a.lower()} -> {b.lower()}" for a, b in PAIRS)
        return f"{pair[0]} -> {pair[1]} is not supported ({names})"
    if out.quant is None or len(out.quant.scale) != 1:
        return "the output needs one (per-tensor) scale and zero point"
    if pair[0] == "FLOAT32":
        return None
    if inp.quant is None or len(inp.quant.scale) != 1:
        return "the input needs one (per-tensor) scale and zero point"
    if _requantize_multiplier(inp, out)[1] > MAX_SHIFTS[pair[0]]:
        return "input_scale / output_scale is too large (the rescaled input would overflow)"
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
    if inp.dtype.name != "FLOAT32":
        multiplier, shift = _requantize_multiplier(inp, out)
        fields.update(input_zero_point=quant.zero_point_of(inp), multiplier=multiplier, shift=shift)
    return NodeParams("mg_quantize_params", fields)


SPEC = KernelSpec(
    op="QUANTIZE",
    builtin_code=114,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8", "INT16", "INT32", "UINT8"),
    sources=(
        "quantize.h",
        "quantize.c",
        "quantize_s8.c",
        "quantize_f32_s16.c",
        "requantize_generic.c",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_quantize",
    validate=validate,
    params=params,
    # element order (quantize_s8.c, quantize_f32_s16.c, requantize_generic.c)
    inplace_input=_overlap.in_place_no_wider,
    overlap=_overlap.element_order,
)
