"""FULLY_CONNECTED in the dsp backend (firmware/kernels/fully_connected_*dsp.c): int8 with per-tensor or
per-channel weights and the requantization exactness conditions of _dsp_common.channel_table (with the input
offset folded into the bias, written over the model's bias buffer). Everything else stays with the reference
kernel. The shape, the multipliers and the prepare are the family's (fully_connected); this module adds the channel
table (its requantization once for all outputs when they share it) and the scratch."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import ModelWords, NodeParams
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _overlap, _scratch
from . import fully_connected
from .fully_connected import FAMILY_SOURCES, multiplier_pairs, shape_params

SOURCES = cc.backend_sources(
    FAMILY_SOURCES,
    "fully_connected",
    "dsp",
    "fully_connected_s16_dsp_scratch_size.c",
    "mg_dsp_mac.h",
    "mg_dsp_requant.h",
    *cc.int4_backend_sources("fully_connected", "dsp"),
)


def _table(op, inputs, outputs):
    node = dc.int8_node(inputs, outputs, int4=True)
    if node is None:
        return None
    inp, weights, bias, out = node
    channels = weights.shape[0]
    w = weights.array().reshape(channels, -1).astype(np.int64)
    input_offset = -quant.zero_point_of(inp)
    biases = dc.bias_values(bias, channels)
    folded = biases + input_offset * w.sum(axis=1)
    # every partial sum: the folded bias plus some of the w * x terms; the final sum: the true accumulator
    bounds = np.maximum(np.abs(folded) + np.abs(w).sum(axis=1) * 128, dc.weight_bounds(w, 0, biases, input_offset))
    act = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    return dc.channel_table(
        folded, multiplier_pairs(inp, weights, out), bounds, quant.zero_point_of(out), act, constant=dc.zero_rows(w, 0)
    )


def _split(table: list[int], bias) -> dict:
    """The channel table as the kernel takes it: the folded biases (written over the model's int32 bias in the
    firmware's copy of the model when nothing else reads it, generator/plan/in_place.py: no second copy in flash),
    and the (multiplier, offset, shift) triples, one for all outputs when they are all the same (per-tensor weights:
    4 bytes an output instead of 16)."""
    triples = [tuple(table[i + 1 : i + 4]) for i in range(0, len(table), 4)]
    shared = len(set(triples)) == 1
    requant = list(triples[0]) if shared else [v for triple in triples for v in triple]
    biases = table[0::4]
    if bias is not None and bias.dtype.name == "INT32":
        biases = ModelWords(bias, tuple(biases))
    return {"biases": biases, "requant": requant, "requant_step": 0 if shared else 3}


def claims(op, inputs, outputs):
    if dc.int8_node(inputs, outputs, int4=True) is None:
        return dc.NOT_INT8_CONSTANT
    weights = inputs[1]
    w = weights.array().reshape(weights.shape[0], -1).astype(np.int64)
    if weights.dtype.name == "INT4" and np.abs(w).sum(axis=1).max(initial=0) * 128 * 16 >= 2**31:
        return "its int4 row sums could overflow (fully_connected_s4_dsp.c sums 16 products in int32)"
    return dc.INEXACT_REQUANT if _table(op, inputs, outputs) is None else None


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields = shape_params(inp, weights)
    bias = inputs[2] if len(inputs) > 2 else None
    fields.update(act_min=act_min, act_max=act_max, **_split(_table(op, inputs, outputs), bias))
    return NodeParams("mg_fully_connected_dsp_params", fields)


def _int8_scratch(op, inputs, outputs):
    weights = inputs[1]
    return _scratch.scratch_size(
        "mg_fully_connected_s8_dsp_scratch_size", int(np.prod(weights.shape[1:])), weights.shape[0]
    )


def scratch_bytes(op, inputs, outputs):
    """The int8 kernel's scratch; with int4 weights, the paired input or the widened weights before the int8
    kernel's scratch (fully_connected_s4_dsp.c)."""
    weights, int8 = inputs[1], _int8_scratch(op, inputs, outputs)
    if weights.dtype.name != "INT4":
        return int8
    depth = int(np.prod(weights.shape[1:]))
    return _scratch.scratch_size("mg_fully_connected_s4_dsp_scratch_size", depth, weights.shape[0], int8)


def overlap(op, inputs, outputs) -> int | None:
    """fully_connected_s8_dsp.c, given scratch, first expands each batch's input into it and then reads only
    that, when the depth is whole 8-tap steps and the outputs whole blocks of four (otherwise its tails read
    the input between writes): a batch's outputs must only stay below the next batches' inputs."""
    depth, n_out = int(np.prod(inputs[1].shape[1:])), inputs[1].shape[0]
    if not _int8_scratch(op, inputs, outputs) or depth % 8 or n_out % 4:
        return None
    batches = inputs[0].num_elements // depth
    return _overlap.round_up(max(0, (batches - 1) * (n_out - depth)))


SPEC = cc.backend_spec(
    dc, fully_connected, ("INT8", "INT4"), SOURCES, params, claims, scratch_bytes=scratch_bytes, overlap=overlap
)
