"""LOGISTIC (sigmoid), element-wise: int8, int16 and float32."""

from __future__ import annotations

from ...spec import NodeParams
from ..common import _fixedpoint as fx

# the int16 input scale exponents taken without rescaling (left shift 12 + log2(scale)), TFLite Micro's
POWER_OF_TWO_SHIFTS = (0,)


def validate(op, inputs, outputs):
    # int8: TFLite Micro's values are those of output scale 1/256 and zero point -128
    return fx.check_activation(op, inputs, outputs, POWER_OF_TWO_SHIFTS, output_zero_point=-128)


def params(op, inputs, outputs):
    return NodeParams("mg_logistic_params", fx.activation_fields(inputs, POWER_OF_TWO_SHIFTS))


SPEC = fx.activation_spec("LOGISTIC", 14, ("logistic.h",), validate, params)
