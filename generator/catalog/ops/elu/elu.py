"""ELU (TFLite Micro's elu.cc): float32, and int8 through a lookup table computed here as TFLite Micro's
PopulateLookupTable computes it."""

from __future__ import annotations

import math

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _overlap
from ..common._elementwise import check_unary_types


def validate(op, inputs, outputs):
    problem = check_unary_types(inputs, outputs)
    if problem:
        return problem
    inp, out = inputs[0], outputs[0]
    if inp.dtype.name == "INT8":
        for role, t in (("input", inp), ("output", out)):
            if t.quant is None or len(t.quant.scale) != 1:
                return f"int8 ELU needs a per-tensor quantized {role}"
    if inp.num_elements != out.num_elements:
        return f"input and output sizes differ ({inp.num_elements} and {out.num_elements} elements)"
    return None


def _expf(x: np.float32) -> np.float32:
    """std::exp(float), correctly rounded (as glibc's expf): the double result rounded once to float."""
    return np.float32(math.exp(float(x)))


def lookup_table(inp, out) -> list[int]:
    """Entry (uint8)v for each int8 v: dequantize in float, exp(x) - 1 below 0, scale by the float inverse
    output scale, round half away from zero, add the zero point, clamp."""
    scale, zp = quant.scale_of(inp), quant.zero_point_of(inp)
    inverse_scale = np.float32(1) / quant.scale_of(out)
    table = [0] * 256
    for v in range(-128, 128):
        x = np.float32(scale * np.float32(v - zp))
        y = np.float32(_expf(x) - np.float32(1)) if x < 0 else x
        rescaled = np.float32(quant.round_half_away(float(np.float32(y * inverse_scale))))
        q = int(np.float32(rescaled + np.float32(quant.zero_point_of(out))))
        table[v & 0xFF] = max(-128, min(127, q))
    return table


def params(op, inputs, outputs):
    fields = {"count": outputs[0].num_elements, "table": [0]}
    if inputs[0].dtype.name == "INT8":
        fields["table"] = lookup_table(inputs[0], outputs[0])
    return NodeParams("mg_elu_params", fields)


SPEC = KernelSpec(
    op="ELU",
    builtin_code=111,
    versions=(1, 1),
    dtypes=("FLOAT32", "INT8"),
    sources=("elu.h", "elu.c", "elu_f32.c", "elu_s8.c", "mg_elementwise.h", "mg_elementwise.c"),
    registration="mg_register_elu",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_first,
)
