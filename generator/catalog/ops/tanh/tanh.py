"""TANH, element-wise: int8, int16 and float32."""

from __future__ import annotations

from ...spec import NodeParams
from ..common import _fixedpoint as fx

# the int16 input scale exponents taken without rescaling (left shift 12 + log2(scale)), TFLite Micro's
POWER_OF_TWO_SHIFTS = (0, 1)


def validate(op, inputs, outputs):
    # TFLite Micro does not look at the output's quantization: its values are those of scale 1/128, zero point 0.
    return fx.check_activation(op, inputs, outputs, POWER_OF_TWO_SHIFTS)


def params(op, inputs, outputs):
    return NodeParams("mg_tanh_params", fx.activation_fields(inputs, POWER_OF_TWO_SHIFTS))


SPEC = fx.activation_spec("TANH", 28, ("tanh.h", "logistic.h"), validate, params)
