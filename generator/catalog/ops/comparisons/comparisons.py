"""EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL (TFLite Micro's comparisons.cc): a bool output,
broadcasting up to 6-D; float32, int32, int64 and int8 inputs (EQUAL and NOT_EQUAL also bool). int8 inputs are
compared on a common scale, as TFLite's ComparisonWithScaling. TFLite Micro's int16 GREATER reads scaling
parameters its Prepare never sets, so int16 is refused here."""

from __future__ import annotations

from ... import quant
from ...spec import NodeParams, named_kernel
from ..common import _broadcast
from ..common._binary_types import check_binary_types

LEFT_SHIFT = 8  # ComparisonsPrepare's kLeftShift
NUMERIC = ("FLOAT32", "INT32", "INT64", "INT8")
# (op, builtin code, versions as TFLite registers them, input types)
OPS = [
    ("EQUAL", 71, (1, 5), ("BOOL", *NUMERIC)),
    ("NOT_EQUAL", 72, (1, 4), ("BOOL", *NUMERIC)),
    ("GREATER", 61, (1, 2), NUMERIC),
    ("GREATER_EQUAL", 62, (1, 3), NUMERIC),
    ("LESS", 58, (1, 3), NUMERIC),
    ("LESS_EQUAL", 63, (1, 2), NUMERIC),
]
SUFFIX = {"FLOAT32": "f32", "INT32": "s32", "INT64": "s64", "INT8": "s8", "BOOL": "b"}
# comparisons.c registers all six ops, so each needs every op's math to link
SOURCES = (
    "comparisons.h",
    "comparisons.c",
    "mg_binary_loop.h",
    "mg_broadcast.h",
    "mg_fixedpoint.h",
    "mg_elementwise.h",
    "mg_elementwise.c",
    *(f"{name.lower()}_{SUFFIX[t]}.c" for name, _, _, types in OPS for t in types),
)


def validator(types):
    def validate(op, inputs, outputs):
        problem = check_binary_types(inputs, outputs, types, output_type="BOOL")
        if problem or inputs[0].dtype.name != "INT8":
            return problem
        for role, t in (("input 1", inputs[0]), ("input 2", inputs[1])):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"int8 {op.op_name} needs a per-tensor quantized {role}"
            # QuantizeMultiplierSmallerThanOneExp aborts outside (0, 1)
            if not 0.0 < float(quant.scale_of(t)) < 1.0:
                return f"the {role} scale {float(quant.scale_of(t))} is not in (0, 1)"
        return None

    return validate


def params(op, inputs, outputs):
    in1, in2 = inputs[0], inputs[1]
    fields = {
        **_broadcast.loop_fields(in1, in2, outputs[0]),
        "count": outputs[0].num_elements,
        "left_shift": 0,
        "input1_offset": 0,
        "input1_multiplier": 0,
        "input1_shift": 0,
        "input2_offset": 0,
        "input2_multiplier": 0,
        "input2_shift": 0,
    }
    if in1.dtype.name == "INT8":
        (m1, s1), (m2, s2) = (quant.quantize_multiplier(float(quant.scale_of(t))) for t in (in1, in2))
        fields.update(
            left_shift=LEFT_SHIFT,
            input1_offset=-quant.zero_point_of(in1),
            input1_multiplier=m1,
            input1_shift=s1,
            input2_offset=-quant.zero_point_of(in2),
            input2_multiplier=m2,
            input2_shift=s2,
        )
    return NodeParams("mg_comparisons_params", fields)


SPECS = [
    named_kernel(name, code, versions, types, SOURCES, validator(types), params) for name, code, versions, types in OPS
]
