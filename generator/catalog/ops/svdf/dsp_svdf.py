"""SVDF int8 (int16 or int8 state) in the dsp backend (firmware/kernels/svdf_s8_dsp.c): FULLY_CONNECTED's
four-row SMLAD loop for the feature sums, each filter's history shifted while its time sum is taken. Its table
and prepare are the family's (svdf.py); float32 stays with the reference kernel."""

from __future__ import annotations

import numpy as np

from ... import quant
from ..common import _dsp_common as dc
from ..common import _scratch
from . import svdf


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_svdf_s8_dsp_scratch_size", inputs[0].shape[1])


def _exact(pair, bound: int, zero_point: int) -> bool:
    """The kernel's fast requantization is exact for every sum up to `bound`: with a right shift, mg_dsp_requant.h's
    three instructions (_dsp_common.channel_table's conditions; a shift of at most 30, so that the kernel's offset
    is a C int); without, SMMULR of the sum shifted left by shift + 1, which is TFLite's rounding doubling high
    multiply of the sum shifted left by shift while that doubled sum fits int32."""
    multiplier, shift = pair
    if shift >= 0:
        return 0 <= multiplier and bound << (shift + 1) < 1 << 31
    return -30 <= shift and dc.channel_table([0], [pair], [bound], zero_point, (-128, 127)) is not None


CLAMP = 1 << 29
"""The clamped time step's sums: SSAT #30 keeps them in [-CLAMP, CLAMP)."""


def _exact_clamped(pair, bound: int, zero_point: int, exact: bool, saturated: tuple[int, int]) -> bool:
    """The fast form of the sum clamped to [-CLAMP, CLAMP) gives the kernel's value for every sum up to `bound`:
    the clamp changes no sum below CLAMP (then the fast form's `exact` answers), and beyond, TFLite's
    requantization (non-decreasing without a left shift, which could wrap) of -CLAMP and CLAMP - 1, plus the zero
    point, already reaches the `saturated` range's ends, so every larger sum saturates alike."""
    if bound < CLAMP:
        return exact
    multiplier, shift = pair
    if shift > 0 or not _exact(pair, CLAMP, zero_point):
        return False
    low, high = (dc.multiply_by_quantized_multiplier(v, multiplier, shift) + zero_point for v in (-CLAMP, CLAMP - 1))
    return low <= saturated[0] and high >= saturated[1]


def exact_requant(op, inputs, outputs) -> dict:
    """dsp_exact_requant: bit 0 when the feature sums' requantization is exact in the fast form (_exact) for every
    input (|sum| <= sum |w| * max |x - input zero point|), bit 1 when the outputs' is (|sum| <= the unit's sum of
    |time weights| * max |state - state zero point| + |bias|), bit 2 when both are on the clamped sums
    (_exact_clamped: the int16 state's and the int8 output's saturation; the kernel's clamped time step, rank 1)."""
    inp, weights_feature, weights_time, bias, state = inputs
    _, _, filters, rank, _ = svdf._dims(op, inputs)
    feature_pair, output_pair = svdf._scales(inputs, outputs)
    wf = np.abs(weights_feature.array().astype(np.int64)).reshape(filters, -1).sum(axis=1)
    feature_bound = int(wf.max()) * dc.max_input_magnitude(-quant.zero_point_of(inp))
    state_span = 1 << (8 * state.dtype.size - 1)
    wt = np.abs(weights_time.array().astype(np.int64)).reshape(filters // rank, -1).sum(axis=1)
    unit_bounds = wt * (state_span + abs(quant.zero_point_of(state))) + np.abs(bias.array().astype(np.int64))
    output_bound, output_zero_point = int(unit_bounds.max()), quant.zero_point_of(outputs[0])
    exact_feature = _exact(feature_pair, feature_bound, 0)
    exact_output = _exact(output_pair, output_bound, output_zero_point)
    clamped = _exact_clamped(feature_pair, feature_bound, 0, exact_feature, (-32768, 32767)) and _exact_clamped(
        output_pair, output_bound, output_zero_point, exact_output, (-128, 127)
    )
    return {"dsp_exact_requant": int(exact_feature) | 2 * int(exact_output) | 4 * int(clamped)}


SPEC = svdf.backend_spec(dc.BACKEND, ("mg_dsp.h", "mg_dsp_mac.h", "mg_dsp_requant.h"), scratch_bytes, exact_requant)
