"""FULLY_CONNECTED, int8 (per-tensor weights) and float32."""
from __future__ import annotations

from math import prod

import numpy as np

from .. import quant
from ..spec import KernelSpec, NodeParams


def validate(op, inputs, outputs):
    inp, weights, bias = (inputs + [None, None, None])[:3]
    out = outputs[0]
    if inp is None or weights is None:
        return "needs an input and a weights tensor"
    if weights.data is None:
        return "weights must be constant"
    if op.options.get("weights_format", 0) != 0:
        return "shuffled weights are not supported (convert without the shuffled-weights option)"
    if op.options.get("fused_activation_function", 0) not in (0, 1, 2, 3):
        return f"fused activation {quant.ACTIVATIONS.get(op.options['fused_activation_function'])} is not supported"
    types = (inp.dtype.name, weights.dtype.name, out.dtype.name)
    if types == ("INT8",) * 3:
        if any(z != 0 for z in weights.quant.zero_point):
            return "int8 weights must be symmetric (zero point 0)"
        if len(weights.quant.scale) not in (1, weights.shape[0]):
            return f"{len(weights.quant.scale)} weight scales for {weights.shape[0]} output channels"
        if bias is not None and bias.dtype.name != "INT32":
            return f"int8 FULLY_CONNECTED needs an INT32 bias, not {bias.dtype.name}"
        return None
    if types == ("FLOAT32",) * 3:
        return None
    return f"input/weights/output types {'/'.join(types)} are not supported (int8 or float32)"


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    output_depth, accum_depth = weights.shape[0], int(np.prod(weights.shape[1:]))
    activation = op.options.get("fused_activation_function", 0)
    fields = {"batches": inp.num_elements // accum_depth, "accum_depth": accum_depth, "output_depth": output_depth}
    if inp.dtype.name == "INT8":
        # Per-tensor: one multiplier from the float product, as TFLite's FullyConnected does. Per-channel: the
        # kernel computes each channel's on the device from these scales and the weights' scales in the model
        # (mg_requant.h; TFLite's per-channel set-up, a double product, as quant.multiplier_from_scales).
        per_channel = len(weights.quant.scale) > 1
        multiplier, shift = 0, 0
        if not per_channel:
            multiplier, shift = quant.quantize_multiplier(quant.conv_multiplier(inp, weights, out))
        act_min, act_max = quant.activation_range_int8(activation, out)
        fields.update(input_offset=-quant.zero_point_of(inp), output_offset=quant.zero_point_of(out),
                      per_channel=int(per_channel), output_multiplier=multiplier, output_shift=shift,
                      input_scale=float(quant.scale_of(inp)), output_scale=float(quant.scale_of(out)),
                      act_min=act_min, act_max=act_max)
    else:
        act_min_f, act_max_f = quant.activation_range_float(activation)
        fields.update(act_min_f=act_min_f, act_max_f=act_max_f)
    return NodeParams("mg_fully_connected_params", fields)


def macs(op, inputs, outputs) -> int:
    return outputs[0].num_elements * prod(inputs[1].shape[1:])  # each output: the input depth


SPEC = KernelSpec(
    op="FULLY_CONNECTED", builtin_code=9, versions=(1, 13), dtypes=("FLOAT32", "INT8"),
    sources=("fully_connected.h", "fully_connected.c", "fully_connected_s8.c", "fully_connected_f32.c",
             "mg_fixedpoint.h", "mg_requant.h", "mg_requant.c", "mg_requant_scales.c", "mg_prepare_weighted.c"),
    registration="mg_register_fully_connected", validate=validate, params=params, macs=macs,
)
