"""FULLY_CONNECTED in the dsp backend (firmware/kernels/fully_connected_*dsp.c): int8 with per-tensor or
per-channel weights whose int32 sums cannot overflow (the input offset folded into the bias, written over the
model's bias buffer), any scale ratio: the kernel requantizes in a fast form the generator proves exact for every sum
the node can make, or else checks per sum (fully_connected_dsp_requant.h). Everything else stays with the reference
kernel. The shape, the multipliers and the prepare are the family's (fully_connected); this module adds the channel
table (its requantization once for all outputs when they share it) and the scratch."""

from __future__ import annotations

import numpy as np

from ... import quant
from ...spec import CExpr, ModelWords, NodeParams
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
    "mg_fixedpoint.h",
    "fully_connected_dsp_requant.h",
    *cc.int4_backend_sources("fully_connected", "dsp"),
)


# Why the claim refuses an int8 node (the kernel is exact for every sum that fits int32 and shifts up to 30).
OVERFLOW = (
    "its int32 sums could overflow (|bias| plus sum |w| times the largest |input|, 2^31 or more), "
    "or a requantization shift is beyond 30"
)
TWO_INT32_MAX = 1 << 31


def _table(op, inputs, outputs) -> tuple[list[int], list[list[int]], bool] | None:
    """(folded biases, one requantization entry per output (mg_dsp_requant.h's dsp_requant_entry), whether the
    kernel must check each sum), or None when the node is not int8 or the kernel is not exact for it (OVERFLOW, or
    no fast form: _dsp_common.fast_requant_entry).

    Outputs whose weights are all zero (pruned, their bias often huge) get their value computed here, as TFLite
    does, and an entry that gives it back from a zero sum: SMMLAR(0, m, 2 * value) >> 1 = value."""
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
    zero_point = quant.zero_point_of(out)
    act = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    constant = dc.zero_rows(w, 0)
    table_biases, entries, checked = [], [], False
    for i, ((multiplier, shift), bound) in enumerate(zip(multiplier_pairs(inp, weights, out), bounds)):
        if constant[i]:
            value = dc.multiply_by_quantized_multiplier(int(biases[i]), multiplier, shift) + zero_point
            table_biases.append(0)
            entries.append([0, 2 * min(max(value, act[0]), act[1]), 1, 1, -1])
            continue
        entry = dc.fast_requant_entry(multiplier, shift, int(bound), zero_point)
        if int(bound) >= TWO_INT32_MAX or entry is None:
            return None
        table_biases.append(int(folded[i]))
        entries.append(entry[0])
        checked = checked or not entry[1]
    return table_biases, entries, checked


def _split(table, bias) -> dict:
    """The table as the kernel takes it: the folded biases (written over the model's int32 bias in the firmware's
    copy of the model when nothing else reads it, generator/plan/in_place.py: no second copy in flash), the
    requantization entries, one for all outputs when they are all the same (per-tensor weights: 4 bytes an output
    instead of 24), and whether to check each sum."""
    biases, entries, checked = table
    shared = all(e == entries[0] for e in entries)
    requant = entries[0] if shared else [v for entry in entries for v in entry]
    if bias is not None and bias.dtype.name == "INT32":
        biases = ModelWords(bias, tuple(biases))
    return {"biases": biases, "requant": requant, "requant_step": 0 if shared else 5, "requant_checked": int(checked)}


def claims(op, inputs, outputs):
    if dc.int8_node(inputs, outputs, int4=True) is None:
        return dc.NOT_INT8_CONSTANT
    return OVERFLOW if _table(op, inputs, outputs) is None else None


# Whole words of int4 rows up to this depth: fully_connected_s4_dsp.c's third sum, 256 times the third rows', stays
# within int32 (256 * 15 * 128 * depth < 2^31).
INT4_BLOCKS_MAX_DEPTH = 4368


def _int4_laid_out(weights) -> bool:
    depth = int(np.prod(weights.shape[1:]))
    return depth % 8 == 0 and depth <= INT4_BLOCKS_MAX_DEPTH


def biased_int4_blocks(weights) -> ModelWords | CExpr:
    """int4 weight rows of whole words (a depth a multiple of 8, up to INT4_BLOCKS_MAX_DEPTH) as
    fully_connected_s4_dsp.c reads them, over the packed tensor's bytes: per block of four rows a, b, c, d and taps k,
    k + 1 one word, its halves tap k's and tap k + 1's four values as a + 8 + 16 (b + 8) + 256 (c + 8) + 4096 d (an
    int16); rows past the last block one word per eight taps, nibble j and j + 4 taps k + 2j and k + 2j + 1, each
    value plus 8. NULL for other depths (the kernel widens those)."""
    if not _int4_laid_out(weights):
        return CExpr("NULL")
    rows = weights.array().reshape(weights.shape[0], -1).astype(np.int64)
    blocked = rows.shape[0] & ~3
    a, b, c, d = (rows[r:blocked:4] for r in range(4))
    halves = (a + 8) | (b + 8) << 4 | (c + 8) << 8 | (d & 15) << 12  # (block, tap)
    blocks = np.stack([halves & 0xFF, halves >> 8], axis=-1).reshape(-1)
    rest = rows[blocked:] + 8  # (row, tap): nibble j of a word tap 2j, nibble j + 4 tap 2j + 1
    octets = (
        rest.reshape(len(rest), rows.shape[1] // 8, 4, 2)
        .transpose(0, 1, 3, 2)
        .reshape(len(rest), rows.shape[1] // 8, 8)
    )
    rest_bytes = (octets[:, :, 0::2] | octets[:, :, 1::2] << 4).reshape(-1)
    laid = np.concatenate([blocks, rest_bytes])
    return ModelWords(weights, tuple(dc.pack_bytes(laid)), nbytes=laid.size)


def params(op, inputs, outputs):
    inp, weights, out = inputs[0], inputs[1], outputs[0]
    act_min, act_max = quant.activation_range_int8(op.options.get("fused_activation_function", 0), out)
    fields = shape_params(inp, weights)
    bias = inputs[2] if len(inputs) > 2 else None
    table = _split(_table(op, inputs, outputs), bias)
    laid = biased_int4_blocks(weights) if weights.dtype.name == "INT4" else dc.rows_in_blocks(weights)
    fields.update(act_min=act_min, act_max=act_max, biases=table.pop("biases"), weights=laid)
    fields.update(table)
    fields["output_zero_point"] = quant.zero_point_of(out)
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
    return _scratch.scratch_size(
        "mg_fully_connected_s4_dsp_scratch_size", depth, weights.shape[0], int8, _int4_laid_out(weights)
    )


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
