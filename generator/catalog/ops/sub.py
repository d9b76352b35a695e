"""SUB, int8, int16 and float32, with broadcasting up to 6-D and a fused activation: ADD's family (add.py), the same
parameters (`mg_sub_params` is `mg_add_params`) and set-up.

The tflite-micro reference this is checked against computes SUB's scales in double, as ADD's. (Some TFLite Micro
sources compute them in float; the two differ on about one int8 pair in 65536 for some scale triples, and
exhaustive checks against the reference pick double.)"""

from __future__ import annotations

from . import _elementwise
from .add import check_binary, check_output_scale, quantized_fields


def validate(op, inputs, outputs):
    return check_binary(op, inputs, outputs, "SUB") or check_output_scale(inputs, outputs)


SPEC = _elementwise.binary_reference("SUB", 41, (1, 5), validate, quantized_fields)
