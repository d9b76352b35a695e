"""FULLY_CONNECTED in the dsp backend (firmware/kernels/dsp_fully_connected*.c): int8 with per-tensor or
per-channel weights and the requantization exactness conditions of _dsp_common.channel_table (with the input
offset folded into the bias). Everything else stays with the reference kernel."""
from __future__ import annotations

import numpy as np

from .. import quant
from ..spec import KernelSpec, NodeParams
from . import _dsp_common as dc
from .fully_connected import macs, validate


def _table(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 else None
    out = outputs[0]
    if not dc.all_int8(inp, weights, out) or weights.data is None:
        return None
    channels = weights.shape[0]
    w = weights.array().reshape(channels, -1).astype(np.int64)
    input_offset = -quant.zero_point_of(inp)
    biases = dc.bias_values(bias, channels)
    folded = biases + input_offset * w.sum(axis=1)
    # every partial sum: the folded bias plus some of the w * x terms; the final sum: the true accumulator
    bounds = np.maximum(np.abs(folded) + np.abs(w).sum(axis=1) * 128,
                        dc.weight_bounds(w, 0, biases, input_offset))
    multipliers, shifts = quant.channel_multipliers(inp, weights, out)
    if len(multipliers) == 1:
        multipliers, shifts = multipliers * channels, shifts * channels
    act = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    return dc.channel_table(folded, list(zip(multipliers, shifts)), bounds, quant.zero_point_of(out), act,
                            constant=dc.zero_rows(w, 0))


def claims(op, inputs, outputs):
    return _table(op, inputs, outputs) is not None


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    output_depth, accum_depth = weights.shape[0], int(np.prod(weights.shape[1:]))
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    return NodeParams("mg_fully_connected_dsp_params", {
        "batches": inp.num_elements // accum_depth, "accum_depth": accum_depth, "output_depth": output_depth,
        "act_min": act_min, "act_max": act_max, "channels": _table(op, inputs, outputs)})


def scratch_bytes(op, inputs, outputs):
    """mg_fully_connected_dsp_scratch_size: the input's unpacked pairs when more than one block of 4 rows reads them."""
    weights = inputs[1]
    return (int(np.prod(weights.shape[1:])) // 8 * 8) * 2 if weights.shape[0] >= 8 else 0


SPEC = KernelSpec(
    op="FULLY_CONNECTED", builtin_code=9, versions=(1, 13), dtypes=("INT8",),
    sources=("dsp_fully_connected.h", "dsp_fully_connected.c", "dsp_fully_connected_s8.c", "dsp_requant.h",
             "dsp_intrinsics.h"),
    registration="mg_register_fully_connected_dsp", validate=validate, params=params, scratch_bytes=scratch_bytes,
    backend=dc.BACKEND, claims=dc.safe(claims), macs=macs,
)
