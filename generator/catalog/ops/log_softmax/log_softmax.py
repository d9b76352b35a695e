"""LOG_SOFTMAX over the last dimension (TFLite Micro's log_softmax.cc): float32, and int8 -> int8 with the
output TFLite Micro requires (scale 16/256, zero point 127) and its set-up: PreprocessLogSoftmaxScalingExp with
beta 1 (SOFTMAX's input scaling plus the inverse of it) and the input radius for Q5.26."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _fixedpoint as fx
from ..common import _overlap

OUTPUT_SCALE = np.float32(16.0 / 256)  # TFLite Micro's kOutputScale and kOutputZeroPoint
OUTPUT_ZERO_POINT = 127


def _scaling(input_scale: float) -> tuple[int, int, float, tuple[int, int], int]:
    """(input multiplier, left shift, real reverse divisor, (reverse divisor, its shift), diff_min)."""
    multiplier, left_shift, diff_min = fx.softmax_scaling(1.0, input_scale)
    real_reverse = float(1 << (31 - left_shift)) / float(multiplier)
    return multiplier, left_shift, real_reverse, quant.quantize_multiplier(real_reverse), diff_min


def validate(op, inputs, outputs):
    problem = fx.softmax_node_problem(inputs, outputs)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    if tuple(out.shape) != tuple(inp.shape):
        return f"output shape {list(out.shape)} differs from the input's {list(inp.shape)}"
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types != ("INT8", "INT8"):
        return f"input/output types {'/'.join(types)} are not supported (int8 or float32)"
    problem = fx.single_scale(inp) or fx.single_scale(out)
    if problem:
        return problem
    if quant.scale_of(out) != OUTPUT_SCALE or quant.zero_point_of(out) != OUTPUT_ZERO_POINT:
        return (
            f"int8 output must have scale 16/256 and zero point 127 (has {float(quant.scale_of(out)):g}, "
            f"{quant.zero_point_of(out)})"
        )
    in_scale = float(quant.scale_of(inp))
    if not fx.softmax_real_multiplier(1.0, in_scale) > 1.0:
        return f"input scale {in_scale:g} is too small for int8 LOG_SOFTMAX (TFLite requires scale * 2^26 > 1)"
    if not _scaling(in_scale)[2] < 1.0:  # QuantizeMultiplierSmallerThanOneExp's check
        return f"input scale {in_scale:g} makes TFLite's reverse scaling divisor reach 1"
    return None


def params(op, inputs, outputs):
    inp = inputs[0]
    fields = fx.softmax_fields(inp, "reverse_scaling_divisor", "reverse_scaling_right_shift", "diff_min")
    if inp.dtype.name == "INT8":
        multiplier, left_shift, _, (divisor, divisor_shift), diff_min = _scaling(float(quant.scale_of(inp)))
        fields.update(
            input_multiplier=multiplier,
            input_left_shift=left_shift,
            reverse_scaling_divisor=divisor,
            reverse_scaling_right_shift=-divisor_shift,
            diff_min=diff_min,
        )
    return NodeParams("mg_log_softmax_params", fields)


SPEC = KernelSpec(
    op="LOG_SOFTMAX",
    builtin_code=50,
    versions=(1, 2),
    dtypes=("FLOAT32", "INT8"),
    sources=(
        "log_softmax.h",
        "mg_elementwise.h",
        "mg_elementwise.c",
        "log_softmax.c",
        "log_softmax_s8.c",
        "log_softmax_f32.c",
        "mg_row_max.h",
        "mg_fixedpoint_log.h",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_log_softmax",
    validate=validate,
    params=params,
    # each output element is written after the inputs it depends on were read
    inplace_input=_overlap.in_place_first,
)
