"""CUMSUM along a constant axis, exclusive and/or reversed (TFLite Micro's cumsum.cc): float32, and int8 with
TFLite Micro's quantized set-up (CalculateOpData): a left shift of 20, an input multiplier of one half and an
output multiplier of 2 * input_scale / (2^20 * output_scale), both from QuantizeMultiplierSmallerThanOneExp."""

from __future__ import annotations

import math

from ... import quant
from ...spec import KernelSpec, NodeParams

LEFT_SHIFT = 20  # TFLite Micro's kCumSumIntegerShift (MG_CUMSUM_LEFT_SHIFT)


def _axis(inp, axis) -> int:
    value = int(axis.array().reshape(-1)[0])
    return value + len(inp.shape) if value < 0 else value


def _multipliers(inp, out) -> tuple[tuple[int, int], tuple[int, int], float]:
    """(input multiplier, shift), (output multiplier, shift) and the output's real multiplier, in TFLite's doubles."""
    twice_max_input_scale = 2 * float(quant.scale_of(inp))
    real_input = float(quant.scale_of(inp)) / twice_max_input_scale
    real_output = twice_max_input_scale / ((1 << LEFT_SHIFT) * float(quant.scale_of(out)))
    return quant.quantize_multiplier(real_input), quant.quantize_multiplier(real_output), real_output


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs an input, an axis tensor and one output"
    inp, axis = inputs
    out = outputs[0]
    if inp.dtype.name not in ("FLOAT32", "INT8") or out.dtype != inp.dtype:
        return f"input/output types {inp.dtype.name}/{out.dtype.name} are not supported (float32 or int8)"
    if axis.dtype.name != "INT32" or axis.num_elements != 1 or axis.data is None:
        return "the axis must be one constant int32 value"
    if len(inp.shape) < 1:
        return "the input must have at least one dimension"
    if tuple(out.shape) != tuple(inp.shape):
        return f"output shape {list(out.shape)} differs from the input's {list(inp.shape)}"
    if not 0 <= _axis(inp, axis) < len(inp.shape):
        return f"axis {int(axis.array().reshape(-1)[0])} is out of range for a {len(inp.shape)}-D input"
    if inp.dtype.name == "INT8":
        for role, t in (("input", inp), ("output", out)):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"int8 CUMSUM needs a per-tensor quantized {role}"
        _, (multiplier, shift), real_output = _multipliers(inp, out)
        if not 0.0 < real_output < 1.0:  # TFLite's QuantizeMultiplierSmallerThanOneExp checks (and aborts)
            return "2 * input_scale / (2^20 * output_scale) must be below 1 (TFLite Micro's quantized CUMSUM)"
        if multiplier == 0 or shift < -31:
            return "input_scale / output_scale is too small to represent"
    return None


def params(op, inputs, outputs):
    inp, axis = inputs
    out = outputs[0]
    a = _axis(inp, axis)
    fields = {
        "outer_size": math.prod(inp.shape[:a]),
        "axis_size": int(inp.shape[a]),
        "inner_size": math.prod(inp.shape[a + 1 :]),
        "exclusive": int(bool(op.options.get("exclusive", False))),
        "reverse": int(bool(op.options.get("reverse", False))),
        "input_offset": 0,
        "output_offset": 0,
        "input_multiplier": 0,
        "input_shift": 0,
        "output_multiplier": 0,
        "output_shift": 0,
    }
    if inp.dtype.name == "INT8":
        (in_multiplier, in_shift), (out_multiplier, out_shift), _ = _multipliers(inp, out)
        fields.update(
            input_offset=-quant.zero_point_of(inp),
            output_offset=quant.zero_point_of(out),
            input_multiplier=in_multiplier,
            input_shift=in_shift,
            output_multiplier=out_multiplier,
            output_shift=out_shift,
        )
    return NodeParams("mg_cumsum_params", fields)


SPEC = KernelSpec(
    op="CUMSUM",
    builtin_code=128,
    versions=(1, 1),
    dtypes=("FLOAT32", "INT8"),
    sources=(
        "cumsum.h",
        "mg_elementwise.h",
        "mg_elementwise.c",
        "cumsum.c",
        "cumsum_s8.c",
        "cumsum_f32.c",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_cumsum",
    validate=validate,
    params=params,
)
