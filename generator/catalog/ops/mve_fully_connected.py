"""FULLY_CONNECTED in the mve backend (firmware/kernels/mve_fully_connected*.c): int8 with per-tensor or
per-channel weights, any depth, batches; shifts TFLite's QuantizeMultiplier gives up to a left shift of 30.
Everything else (float32, bigger left shifts) stays with the reference kernel."""
from __future__ import annotations

import numpy as np

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _mve_common as mc
from .fully_connected import macs, validate


def _pairs(inp, weights, out):
    """As the reference kernel: per-tensor weights use the float product (TFLite's FullyConnected Prepare),
    per-channel ones the double product of each channel."""
    if len(weights.quant.scale) > 1:
        in_scale, out_scale = float(quant.scale_of(inp)), float(quant.scale_of(out))
        return [quant.multiplier_from_scales(in_scale, s, out_scale) for s in weights.quant.scale]
    return [quant.quantize_multiplier(quant.conv_multiplier(inp, weights, out))] * weights.shape[0]


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    out = outputs[0]
    if not mc.all_int8(inp, weights, out) or weights.data is None:
        return False
    return mc.shifts_ok(_pairs(inp, weights, out))


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    bias = inputs[2] if len(inputs) > 2 else None
    output_depth, accum_depth = weights.shape[0], int(np.prod(weights.shape[1:]))
    w = weights.array().reshape(output_depth, accum_depth)
    fields = {"batches": inp.num_elements // accum_depth, "accum_depth": accum_depth, "output_depth": output_depth}
    biases = mc.folded_biases(bias, w, 0, -quant.zero_point_of(inp))
    fields.update(mc.requant_fields(biases, _pairs(inp, weights, out), out,
                                    op.options.get("fused_activation_function", 0)))
    return NodeParams("mg_fully_connected_mve_params", fields)


SPEC = KernelSpec(
    op="FULLY_CONNECTED", builtin_code=9, versions=(1, 13), dtypes=("INT8",),
    sources=("mve_fully_connected.h", "mve_fully_connected.c", "mve_fully_connected_s8.c", "mve_matmul.h",
             "mve_matmul_s8.c", "mve_util.h"),
    registration="mg_register_fully_connected_mve", validate=validate, params=params, macs=macs,
    backend=mc.BACKEND, claims=mc.safe(claims),
)
