"""DEPTHWISE_CONV_2D int8 with a depth multiplier of 2 or more in the mve backend
(firmware/kernels/depthwise_conv_2d_multiplier_s8_mve.c): the dsp multiplier kernel's nodes, parameters, weight
layout, scratch and lean order (dsp_depthwise_conv_2d_multiplier.py, mg_dw_multiplier.h), its dot products in
VMLADAVA. It shares the mve backend's one registration (and so its sources) with the channel-vector kernel, which
takes depth multiplier 1; the registration tells them apart by the output depth. Its order, and so its overlap, is
the dsp one's."""

from __future__ import annotations

from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _scratch
from . import depthwise_conv_2d, mve_depthwise_conv_2d
from .dsp_depthwise_conv_2d_multiplier import claims, lean_scratch, overlap, params, scratch_arguments


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size(
        "mg_depthwise_conv_2d_multiplier_s8_mve_scratch_size", *scratch_arguments(op, inputs, outputs)
    )


SPEC = cc.backend_spec(
    mc,
    depthwise_conv_2d,
    ("INT8",),
    mve_depthwise_conv_2d.SOURCES,
    params,
    claims,
    scratch_bytes=scratch_bytes,
    overlap=overlap,
    lean_scratch=lean_scratch,
)
