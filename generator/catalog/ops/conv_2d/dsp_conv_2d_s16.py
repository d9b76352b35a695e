"""CONV_2D 16x8 (int16 activations, int8 filters) in the dsp backend (firmware/kernels/conv_2d_s16_dsp.c): one
group, any filter size, strides, dilations, padding and batches, the reference parameters and requantization. The
kernel sums in int32 (SMLAD) and adds the bias in int32: it claims a node only when that is exact, every channel's
sum of |weights| times the largest |int16| plus |bias| inside int32."""

from __future__ import annotations

import numpy as np

from ...spec import KernelSpec
from ..common import _conv_common as cc
from ..common import _dsp_common as dc
from ..common import _scratch
from . import conv_2d, dsp_conv_2d


def claims(op, inputs, outputs):
    inp, weights = inputs[0], inputs[1]
    bias = inputs[2] if len(inputs) > 2 else None
    if not cc.is_16x8(inp, weights, outputs[0]):
        return "not int16 with int8 weights"
    if weights.shape[3] != inp.shape[3]:
        return "it is grouped"
    return None if dc.sums_fit_int32_16x8(weights, bias) else dc.INEXACT_16X8


def backend_spec(common, sources: tuple[str, ...]) -> KernelSpec:
    """The dsp or mve 16x8 CONV_2D (`common` is _dsp_common or _mve_common): this module's claim, the family's
    parameters, its scratch, and the backend's registration and `sources`, which it shares with the int8 kernel."""
    scratch_function = f"mg_conv_2d_s16_{common.BACKEND}_scratch_size"

    def scratch_bytes(op, inputs, outputs):
        weights = inputs[1]
        return _scratch.scratch_size(scratch_function, int(np.prod(weights.shape[1:])), weights.shape[0])

    return cc.backend_spec(common, conv_2d, ("INT16",), sources, conv_2d.params, claims, scratch_bytes=scratch_bytes)


SPEC = backend_spec(dc, dsp_conv_2d.SOURCES)
