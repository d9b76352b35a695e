"""TANH, element-wise: int8, int16 and float32."""

from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _elementwise
from . import _fixedpoint as fx

# the int16 input scale exponents taken without rescaling (left shift 12 + log2(scale)), TFLite Micro's
POWER_OF_TWO_SHIFTS = (0, 1)


def validate(op, inputs, outputs):
    # TFLite Micro does not look at the output's quantization: its values are those of scale 1/128, zero point 0.
    return fx.check_activation(op, inputs, outputs, POWER_OF_TWO_SHIFTS)


def params(op, inputs, outputs):
    return NodeParams("mg_tanh_params", fx.activation_fields(inputs, POWER_OF_TWO_SHIFTS))


SPEC = KernelSpec(
    op="TANH",
    builtin_code=28,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "tanh.h",
        "logistic.h",
        *_elementwise.SOURCES,
        "tanh.c",
        "tanh_s8.c",
        "tanh_s16.c",
        "mg_sigmoid_table.h",
        "mg_sigmoid_table.c",
        "tanh_f32.c",
        "mg_fixedpoint_exp.h",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_tanh",
    validate=validate,
    params=params,
    # each output element is written after the inputs it depends on were read (same type only)
    inplace_input=lambda op, inputs, outputs: 0 if inputs[0].dtype == outputs[0].dtype else None,
)
