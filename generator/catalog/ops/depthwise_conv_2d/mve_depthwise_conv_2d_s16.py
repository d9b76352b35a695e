"""DEPTHWISE_CONV_2D 16x8 (int16 activations, int8 filters) in the mve backend
(firmware/kernels/depthwise_conv_2d_s16_mve.c, depthwise_conv_2d_3x3_s16_mve.c): the geometry, claim, scratch and
requantization of the dsp 16x8 depthwise kernel (dsp_depthwise_conv_2d_s16.py); 3x3 filters one VMLADAV per window,
others four outputs of a channel per vector."""

from __future__ import annotations

from ..common import _mve_common
from . import mve_depthwise_conv_2d
from .dsp_depthwise_conv_2d_s16 import backend_spec

SPEC = backend_spec(_mve_common, mve_depthwise_conv_2d.SOURCES)
