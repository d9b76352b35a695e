"""TANH, element-wise: int8 and float32."""

from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _elementwise
from . import _fixedpoint as fx


def validate(op, inputs, outputs):
    # TFLite Micro does not look at the output's quantization: its values are those of scale 1/128, zero point 0.
    return fx.check_activation(op, inputs, outputs)


def params(op, inputs, outputs):
    return NodeParams("mg_tanh_params", fx.activation_fields(inputs))


SPEC = KernelSpec(
    op="TANH",
    builtin_code=28,
    versions=(1, 3),
    dtypes=("FLOAT32", "INT8"),
    sources=(
        "tanh.h",
        "logistic.h",
        *_elementwise.SOURCES,
        "tanh.c",
        "tanh_s8.c",
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
