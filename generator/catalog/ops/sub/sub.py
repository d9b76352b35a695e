"""SUB, int8, int16, float32 and (unquantized) int32, with broadcasting up to 6-D and a fused activation: ADD's
family (add.py), the same parameters (`mg_sub_params` is `mg_add_params`) and set-up. int32 is TFLite Micro's
plain difference (wrapping), clamped to the fused activation's int32 range.

The tflite-micro reference this is checked against computes SUB's scales in double, as ADD's. (Some TFLite Micro
sources compute them in float; the two differ on about one int8 pair in 65536 for some scale triples, and
exhaustive checks against the reference pick double.)"""

from __future__ import annotations

from dataclasses import replace

from ..add.add import check_binary, check_output_scale, quantized_fields
from ..common import _elementwise


def validate(op, inputs, outputs):
    if _elementwise.all_int32(inputs, outputs):
        return _elementwise.check_int32_binary(op, inputs, outputs, "SUB", quantized_ok=False)
    return check_binary(op, inputs, outputs, "SUB") or check_output_scale(inputs, outputs)


def _fields(in1, in2, out, activation: int) -> dict:
    if out.dtype.name == "INT32":
        return _elementwise.int32_activation_fields(activation)
    return quantized_fields(in1, in2, out, activation)


_QUANTIZED_AND_FLOAT = _elementwise.binary_reference("SUB", 41, (1, 5), validate, _fields)
SPEC = replace(
    _QUANTIZED_AND_FLOAT,
    dtypes=(*_QUANTIZED_AND_FLOAT.dtypes, "INT32"),
    sources=(*_QUANTIZED_AND_FLOAT.sources, "sub_s32.c"),
)
