"""MUL, int8, int16, float32 and int32, with broadcasting up to 6-D and a fused activation. int16 needs zero points
0, as TFLite Micro's prepare does. int32 is TFLite Micro's plain (wrapping) product, clamped to the fused
activation's int32 range; its quantization, if any, is ignored, as TFLite Micro does."""

from __future__ import annotations

from dataclasses import replace

from ... import quant
from ...spec import KernelSpec, backend_kernel
from ..common import _elementwise
from ..common._elementwise import check_binary

# the largest shift for which the offset product, shifted left, still fits int32 before the multiplier is applied
MAX_SHIFTS = {"INT8": 15, "INT16": 0}  # (255 * 255) << 15; int16's product reaches 2^30


def _multiplier(in1, in2, out) -> tuple[int, int]:
    """TFLite Micro's CalculateOpDataMul: the scales widened to double, then multiplied and divided."""
    s1, s2, so = (float(quant.scale_of(t)) for t in (in1, in2, out))
    return quant.quantize_multiplier(s1 * s2 / so)


def validate(op, inputs, outputs):
    if _elementwise.all_int32(inputs, outputs):
        return _elementwise.check_int32_binary(op, inputs, outputs, "MUL", quantized_ok=True)
    problem = check_binary(op, inputs, outputs, "MUL")
    dtype = outputs[0].dtype.name
    if problem is not None or dtype == "FLOAT32":
        return problem
    if dtype == "INT16" and any(quant.zero_point_of(t) != 0 for t in (*inputs[:2], outputs[0])):
        return "int16 MUL needs zero points 0 on both inputs and the output"
    if _multiplier(*inputs[:2], outputs[0])[1] > MAX_SHIFTS[dtype]:
        return "input1_scale * input2_scale / output_scale is too large (the rescaled product would overflow)"
    return None


def _quantized_fields(in1, in2, out, activation: int) -> dict:
    if out.dtype.name == "INT32":
        return _elementwise.int32_activation_fields(activation)
    multiplier, shift = _multiplier(in1, in2, out)
    act_min, act_max = quant.activation_range_quantized(activation, out)
    return {
        "input1_offset": -quant.zero_point_of(in1),
        "input2_offset": -quant.zero_point_of(in2),
        "output_offset": quant.zero_point_of(out),
        "output_multiplier": multiplier,
        "output_shift": shift,
        "act_min": act_min,
        "act_max": act_max,
    }


_QUANTIZED_AND_FLOAT = _elementwise.binary_reference("MUL", 18, (1, 7), validate, _quantized_fields)
SPEC = replace(
    _QUANTIZED_AND_FLOAT,
    dtypes=(*_QUANTIZED_AND_FLOAT.dtypes, "INT32"),
    sources=(*_QUANTIZED_AND_FLOAT.sources, "mul_s32.c"),
)


def kernel(backend: str, sources: tuple[str, ...], claims) -> KernelSpec:
    """A backend's MUL entry, int8 and int16 with every broadcast the reference takes (the walk's innermost row
    steps each input by 1 or 0, which the backends' rows cover): the family's validate and parameters, the
    nodes `claims` takes among the valid int8 and int16 ones; registers as mg_register_mul_<backend>."""

    def backend_claims(op, inputs, outputs):
        if outputs[0].dtype.name not in ("INT8", "INT16"):
            return "not int8 or int16"
        return claims(op, inputs, outputs)

    sources = ("add.h", *_elementwise.SOURCES, *_elementwise.BINARY_HELPERS, f"mul_{backend}.c", *sources)
    types = ("INT8", "INT16")
    return backend_kernel(SPEC, backend, types, sources, SPEC.params, backend_claims, inplace_input=SPEC.inplace_input)
