"""LOGISTIC (sigmoid), element-wise: int8 and float32."""
from __future__ import annotations

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _fixedpoint as fx


def validate(op, inputs, outputs):
    inp = inputs[0] if inputs else None
    if inp is None or len(outputs) != 1:
        return "needs one input and one output"
    out = outputs[0]
    types = (inp.dtype.name, out.dtype.name)
    if types == ("FLOAT32", "FLOAT32"):
        return None
    if types != ("INT8", "INT8"):
        return f"input/output types {'/'.join(types)} are not supported (int8 or float32)"
    problem = fx.single_scale(inp) or fx.single_scale(out)
    if problem:
        return problem
    if quant.zero_point_of(out) != -128:
        return f"int8 output must have zero point -128 (has {quant.zero_point_of(out)}); its scale should be 1/256"
    return fx.activation_scale_problem(float(quant.scale_of(inp)))


def params(op, inputs, outputs):
    inp = inputs[0]
    fields = {"count": inp.num_elements, "input_zero_point": 0, "input_range_radius": 0, "input_multiplier": 0,
              "input_left_shift": 0}
    if inp.dtype.name == "INT8":
        multiplier, left_shift, radius = fx.activation_input_scaling(float(quant.scale_of(inp)))
        fields.update(input_zero_point=quant.zero_point_of(inp), input_range_radius=radius,
                      input_multiplier=multiplier, input_left_shift=left_shift)
    return NodeParams("mg_logistic_params", fields)


SPEC = KernelSpec(
    op="LOGISTIC", builtin_code=14, versions=(1, 3), dtypes=("FLOAT32", "INT8"),
    sources=("logistic.h", "logistic.c", "logistic_s8.c", "logistic_f32.c", "fixedpoint_exp.h", "mg_fixedpoint.h"),
    registration="mg_register_logistic", validate=validate, params=params,
    # each output element is written after the inputs it depends on were read (same type only)
    inplace_input=lambda op, inputs, outputs: 0 if inputs[0].dtype == outputs[0].dtype else None,
)
