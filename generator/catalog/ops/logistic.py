"""LOGISTIC (sigmoid), element-wise: int8, int16 and float32."""

from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _elementwise
from . import _fixedpoint as fx

# the int16 input scale exponents taken without rescaling (left shift 12 + log2(scale)), TFLite Micro's
POWER_OF_TWO_SHIFTS = (0,)


def validate(op, inputs, outputs):
    # int8: TFLite Micro's values are those of output scale 1/256 and zero point -128
    return fx.check_activation(op, inputs, outputs, POWER_OF_TWO_SHIFTS, output_zero_point=-128)


def params(op, inputs, outputs):
    return NodeParams("mg_logistic_params", fx.activation_fields(inputs, POWER_OF_TWO_SHIFTS))


SPEC = KernelSpec(
    op="LOGISTIC",
    builtin_code=14,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "logistic.h",
        *_elementwise.SOURCES,
        "logistic.c",
        "logistic_s8.c",
        "logistic_s16.c",
        "mg_sigmoid_table.h",
        "mg_sigmoid_table.c",
        "logistic_f32.c",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_logistic",
    validate=validate,
    params=params,
    # each output element is written after the inputs it depends on were read (same type only)
    inplace_input=lambda op, inputs, outputs: 0 if inputs[0].dtype == outputs[0].dtype else None,
)
