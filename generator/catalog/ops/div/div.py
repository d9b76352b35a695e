"""DIV (TFLite Micro's div.cc): float32, int32 and int8 with a fused activation, broadcasting up to 6-D."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _broadcast, _overlap
from ..common._binary_types import check_binary_types

TYPES = ("FLOAT32", "INT32", "INT8")
INT32_RANGES = {0: (-(2**31), 2**31 - 1), 1: (0, 2**31 - 1), 2: (-1, 1), 3: (0, 6)}  # CalculateActivationRange<int>


def _output_multiplier(in1, in2, out) -> tuple[int, int]:
    """input1_scale / (input2_scale * output_scale) in double precision: the tflite-micro package's results
    follow the double computation, not the float one its div.cc source shows (test_div pins cases that differ)."""
    s1, s2, so = (float(quant.scale_of(t)) for t in (in1, in2, out))
    return quant.quantize_multiplier(s1 / (s2 * so))


def _int8_problem(in1, in2, out) -> str | None:
    for role, t in (("input 1", in1), ("input 2", in2), ("output", out)):
        if t.quant is None or len(t.quant.scale) != 1:
            return f"int8 DIV needs a per-tensor quantized {role}"
    shift = _output_multiplier(in1, in2, out)[1]
    # DivElementwise shifts the quotient right by reciprocal shift + headroom - output shift (>= 23 - shift):
    # a left shift there is undefined in TFLite Micro
    if shift > 23:
        return (
            f"input1_scale / (input2_scale * output_scale) is too large for TFLite Micro's int8 DIV "
            f"(output shift {shift} > 23)"
        )
    return None


def validate(op, inputs, outputs):
    problem = check_binary_types(inputs, outputs, TYPES)
    if problem:
        return problem
    activation = op.options.get("fused_activation_function", 0)
    if activation not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(activation, activation)} is not supported"
    if inputs[0].dtype.name == "INT32" and (inputs[0].quant is not None or inputs[1].quant is not None):
        return "int32 DIV needs unquantized inputs"
    if inputs[0].dtype.name == "INT8":
        return _int8_problem(inputs[0], inputs[1], outputs[0])
    return None


def params(op, inputs, outputs):
    in1, in2, out = inputs[0], inputs[1], outputs[0]
    activation = op.options.get("fused_activation_function", 0)
    fields = {
        **_broadcast.loop_fields(in1, in2, out),
        "count": out.num_elements,
        "input1_offset": 0,
        "input2_offset": 0,
        "output_offset": 0,
        "output_multiplier": 0,
        "output_shift": 0,
        "act_min": 0,
        "act_max": 0,
        "act_min_f": 0.0,
        "act_max_f": 0.0,
    }
    if out.dtype.name == "INT8":
        multiplier, shift = _output_multiplier(in1, in2, out)
        act_min, act_max = quant.activation_range_int8(activation, out)
        fields.update(
            input1_offset=-quant.zero_point_of(in1),
            input2_offset=-quant.zero_point_of(in2),
            output_offset=quant.zero_point_of(out),
            output_multiplier=multiplier,
            output_shift=shift,
            act_min=act_min,
            act_max=act_max,
        )
    elif out.dtype.name == "INT32":
        fields["act_min"], fields["act_max"] = INT32_RANGES[activation]
    else:
        fields["act_min_f"], fields["act_max_f"] = quant.activation_range_float(activation)
    return NodeParams("mg_div_params", fields)


SPEC = KernelSpec(
    op="DIV",
    builtin_code=42,
    versions=(1, 2),
    dtypes=TYPES,
    sources=(
        "div.h",
        "div.c",
        "div_f32.c",
        "div_s32.c",
        "div_s8.c",
        "mg_binary_loop.h",
        "mg_broadcast.h",
        "mg_fixedpoint.h",
        "mg_fixedpoint_exp.h",
        "mg_elementwise.h",
        "mg_elementwise.c",
    ),
    registration="mg_register_div",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_same_shape_input,
)
