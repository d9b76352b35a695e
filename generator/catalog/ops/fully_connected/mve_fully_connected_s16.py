"""FULLY_CONNECTED 16x8 (int16 activations, int8 weights) in the mve backend
(firmware/kernels/fully_connected_s16_mve.c): the claim and parameters of the dsp 16x8 kernel
(dsp_fully_connected_s16.py: a symmetric input, exact int32 sums, per-channel constants from the generator)."""

from __future__ import annotations

from ..common import _conv_common as cc
from ..common import _mve_common as mc
from ..common import _scratch
from . import fully_connected
from .dsp_fully_connected_s16 import claims, params
from .mve_fully_connected import SOURCES


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_fully_connected_s16_mve_scratch_size", inputs[1].shape[0])


SPEC = cc.backend_spec(mc, fully_connected, ("INT16",), SOURCES, params, claims, scratch_bytes=scratch_bytes)
