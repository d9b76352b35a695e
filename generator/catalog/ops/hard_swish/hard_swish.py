"""HARD_SWISH, int8 and float32."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _elementwise, _overlap
from ..common._elementwise import check_unary

INT32_MAX, INT16_MAX = 2**31 - 1, 2**15 - 1


def _downscale_int32_to_int16(multiplier: int) -> int:
    """TFLite's DownScaleInt32ToInt16Multiplier: a Q31 multiplier rounded to Q15, saturating."""
    rounding_offset = 1 << 15
    if multiplier >= INT32_MAX - rounding_offset:
        return INT16_MAX
    return (multiplier + rounding_offset) >> 16


def _fields(inp, out) -> dict:
    """TFLite Micro's HardSwishPrepare: float scales, each quotient widened to double for QuantizeMultiplier."""
    hires_input_scale = np.float32(1.0 / 128.0) * quant.scale_of(inp)
    reluish_scale = np.float32(3.0) / np.float32(32768.0)
    out_mult, out_exp = quant.quantize_multiplier(float(np.float32(hires_input_scale / quant.scale_of(out))))
    rel_mult, rel_exp = quant.quantize_multiplier(float(np.float32(hires_input_scale / reluish_scale)))
    return {
        "input_zero_point": quant.zero_point_of(inp),
        "output_zero_point": quant.zero_point_of(out),
        "reluish_multiplier_fixedpoint_int16": _downscale_int32_to_int16(rel_mult),
        "reluish_multiplier_exponent": rel_exp,
        "output_multiplier_fixedpoint_int16": _downscale_int32_to_int16(out_mult),
        "output_multiplier_exponent": out_exp,
    }


def validate(op, inputs, outputs):
    problem = check_unary(op, inputs, outputs)
    if problem is None and inputs[0].dtype.name == "INT8":
        fields = _fields(inputs[0], outputs[0])
        if fields["output_multiplier_exponent"] > 0:  # TFLite Micro's prepare fails the same way
            return "input_scale / output_scale must be below 128"
        if fields["reluish_multiplier_exponent"] > 31:
            return "the input scale is too large"
    return problem


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {"count": out.num_elements}
    if inp.dtype.name == "INT8":
        fields.update(_fields(inp, out))
    return NodeParams("mg_hard_swish_params", fields)


SPEC = KernelSpec(
    op="HARD_SWISH",
    builtin_code=117,
    versions=(1, 1),
    dtypes=("FLOAT32", "INT8"),
    sources=("hard_swish.h", *_elementwise.SOURCES, "hard_swish.c", "hard_swish_s8.c", "hard_swish_f32.c"),
    registration="mg_register_hard_swish",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_first,
)
