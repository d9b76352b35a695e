"""PRELU (TFLite Micro's prelu.cc): float32, int8, and int16 with an int8 alpha; alpha broadcast to the input
(float32 up to 4-D, as TFLite Micro's float loop; the quantized ones up to 6-D)."""

from __future__ import annotations

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _broadcast, _overlap

TYPES = (("FLOAT32", "FLOAT32", "FLOAT32"), ("INT8", "INT8", "INT8"), ("INT16", "INT8", "INT16"))


def validate(op, inputs, outputs):
    if len(inputs) != 2 or any(t is None for t in inputs) or len(outputs) != 1:
        return "needs input and alpha and one output"
    inp, alpha, out = inputs[0], inputs[1], outputs[0]
    types = (inp.dtype.name, alpha.dtype.name, out.dtype.name)
    if types not in TYPES:
        return (
            f"input/alpha/output types {'/'.join(types)} are not supported (float32, int8, or int16 with an int8 alpha)"
        )
    if types[0] == "FLOAT32" and max(len(inp.shape), len(alpha.shape), len(out.shape)) > 4:
        return "float32 tensors of more than 4 dimensions are not supported"
    if types[0] != "FLOAT32":
        for role, t in (("input", inp), ("alpha", alpha), ("output", out)):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"{types[0].lower()} PRELU needs a per-tensor quantized {role}"
    return _broadcast.check_shapes(inp, alpha, out)


def params(op, inputs, outputs):
    inp, alpha, out = inputs[0], inputs[1], outputs[0]
    fields = {
        **_broadcast.loop_fields(inp, alpha, out),
        "count": out.num_elements,
        "input_offset": 0,
        "alpha_offset": 0,
        "output_offset": 0,
        "output_multiplier_1": 0,
        "output_shift_1": 0,
        "output_multiplier_2": 0,
        "output_shift_2": 0,
    }
    if inp.dtype.name != "FLOAT32":
        s_in, s_alpha, s_out = (float(quant.scale_of(t)) for t in (inp, alpha, out))
        # CalculatePreluParams: both ratios in double
        (m1, sh1) = quant.quantize_multiplier(s_in / s_out)
        (m2, sh2) = quant.quantize_multiplier(s_in * s_alpha / s_out)
        fields.update(
            input_offset=-quant.zero_point_of(inp),
            alpha_offset=-quant.zero_point_of(alpha),
            output_offset=quant.zero_point_of(out),
            output_multiplier_1=m1,
            output_shift_1=sh1,
            output_multiplier_2=m2,
            output_shift_2=sh2,
        )
    return NodeParams("mg_prelu_params", fields)


SPEC = KernelSpec(
    op="PRELU",
    builtin_code=54,
    versions=(1, 1),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "prelu.h",
        "prelu.c",
        "prelu_f32.c",
        "prelu_s8.c",
        "prelu_s16.c",
        "mg_binary_loop.h",
        "mg_broadcast.h",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_prelu",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_same_count,
)
