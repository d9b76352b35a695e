"""SQUARED_DIFFERENCE (TFLite Micro's squared_difference.cc): float32, int32, int8 and int16 (zero points 0),
broadcasting up to 6-D."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _broadcast, _overlap
from ..common._binary_types import check_binary_types

TYPES = ("FLOAT32", "INT32", "INT8", "INT16")
LEFT_SHIFT = {"INT8": 7, "INT16": 0}  # TFLite Micro's SquaredDifferencePrepare


def validate(op, inputs, outputs):
    problem = check_binary_types(inputs, outputs, TYPES)
    if problem or inputs[0].dtype.name not in LEFT_SHIFT:
        return problem
    dtype = inputs[0].dtype.name.lower()
    for role, t in (("input 1", inputs[0]), ("input 2", inputs[1]), ("output", outputs[0])):
        if t.quant is None or len(t.quant.scale) != 1 or not float(t.quant.scale[0]) > 0:
            return f"{dtype} SQUARED_DIFFERENCE needs a per-tensor quantized {role}"
        if dtype == "int16" and quant.zero_point_of(t) != 0:
            return f"int16 SQUARED_DIFFERENCE needs zero point 0 on the {role}"
    return None


def quantized_fields(in1, in2, out) -> dict:
    """TFLite Micro's PrepareQuantized: the scales in double, the output's 2^(2 * left_shift) factor in float."""
    left_shift = LEFT_SHIFT[in1.dtype.name]
    twice_max_input_scale = 2.0 * float(max(quant.scale_of(in1), quant.scale_of(in2)))
    real_output = (
        twice_max_input_scale * twice_max_input_scale / float(np.float32(1 << (left_shift * 2)) * quant.scale_of(out))
    )
    (m1, s1), (m2, s2), (mo, so) = (
        quant.quantize_multiplier(float(quant.scale_of(in1)) / twice_max_input_scale),
        quant.quantize_multiplier(float(quant.scale_of(in2)) / twice_max_input_scale),
        quant.quantize_multiplier(real_output),
    )
    return {
        "left_shift": left_shift,
        "input1_offset": -quant.zero_point_of(in1),
        "input2_offset": -quant.zero_point_of(in2),
        "output_offset": quant.zero_point_of(out),
        "input1_multiplier": m1,
        "input1_shift": s1,
        "input2_multiplier": m2,
        "input2_shift": s2,
        "output_multiplier": mo,
        "output_shift": so,
    }


def params(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    fields = {
        **_broadcast.loop_fields(in1, in2, out),
        "count": out.num_elements,
        "left_shift": 0,
        "input1_offset": 0,
        "input2_offset": 0,
        "output_offset": 0,
        "input1_multiplier": 0,
        "input1_shift": 0,
        "input2_multiplier": 0,
        "input2_shift": 0,
        "output_multiplier": 0,
        "output_shift": 0,
    }
    if in1.dtype.name in LEFT_SHIFT:
        fields.update(quantized_fields(in1, in2, out))
    return NodeParams("mg_squared_difference_params", fields)


SPEC = KernelSpec(
    op="SQUARED_DIFFERENCE",
    builtin_code=99,
    versions=(1, 2),
    dtypes=TYPES,
    sources=(
        "squared_difference.h",
        "squared_difference.c",
        "squared_difference_f32.c",
        "squared_difference_s32.c",
        "squared_difference_s8.c",
        "squared_difference_s16.c",
        "mg_binary_loop.h",
        "mg_broadcast.h",
        "mg_fixedpoint.h",
        "mg_elementwise.h",
        "mg_elementwise.c",
    ),
    registration="mg_register_squared_difference",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_same_shape_input,
)
