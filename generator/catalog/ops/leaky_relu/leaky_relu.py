"""LEAKY_RELU, int8, int16 and float32."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _elementwise, _overlap
from ..common._elementwise import check_unary
from ..relu.relu import MAX_SHIFTS


def _multipliers(op, inp, out) -> tuple[tuple[int, int], tuple[int, int]]:
    """TFLite Micro's CalculateOpDataLeakyRelu: the products and quotients in double. (Some TFLite Micro sources
    compute them in float; int16 inputs show that the tflite-micro reference uses double.)"""
    alpha = float(np.float32(op.options.get("alpha", 0.0)))
    in_scale, out_scale = float(quant.scale_of(inp)), float(quant.scale_of(out))
    identity = quant.quantize_multiplier(in_scale / out_scale)
    alpha_pair = quant.quantize_multiplier(in_scale * alpha / out_scale)
    return identity, alpha_pair


def validate(op, inputs, outputs):
    problem = check_unary(op, inputs, outputs, int16=True)
    if problem is None and inputs[0].dtype.name != "FLOAT32":
        alpha = float(np.float32(op.options.get("alpha", 0.0)))
        if not np.isfinite(alpha):
            return f"alpha {alpha} is not finite"
        if max(shift for _, shift in _multipliers(op, inputs[0], outputs[0])) > MAX_SHIFTS[inputs[0].dtype.name]:
            return "input_scale * max(1, |alpha|) / output_scale is too large (the rescaled input would overflow)"
    return problem


def params(op, inputs, outputs):
    inp, out = inputs[0], outputs[0]
    fields = {"count": out.num_elements}
    if inp.dtype.name != "FLOAT32":
        (m_id, s_id), (m_alpha, s_alpha) = _multipliers(op, inp, out)
        fields.update(
            input_zero_point=quant.zero_point_of(inp),
            output_zero_point=quant.zero_point_of(out),
            multiplier_identity=m_id,
            shift_identity=s_id,
            multiplier_alpha=m_alpha,
            shift_alpha=s_alpha,
        )
    fields["alpha"] = float(np.float32(op.options.get("alpha", 0.0)))
    return NodeParams("mg_leaky_relu_params", fields)


SPEC = KernelSpec(
    op="LEAKY_RELU",
    builtin_code=98,
    versions=(1, 2),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "leaky_relu.h",
        *_elementwise.SOURCES,
        "leaky_relu.c",
        "leaky_relu_s8.c",
        "leaky_relu_s16.c",
        "leaky_relu_f32.c",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_leaky_relu",
    validate=validate,
    params=params,
    inplace_input=_overlap.in_place_first,
)
