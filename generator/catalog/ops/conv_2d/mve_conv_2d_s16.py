"""CONV_2D 16x8 (int16 activations, int8 filters) in the mve backend (firmware/kernels/conv_2d_s16_mve.c): one
group, any filter size, strides, dilations, padding and batches, the reference parameters; the int32 sums and the
requantization of the dsp 16x8 kernel, so the same claim (_dsp_common.sums_fit_int32_16x8)."""

from __future__ import annotations

from ..common import _mve_common
from . import mve_conv_2d
from .dsp_conv_2d_s16 import backend_spec

SPEC = backend_spec(_mve_common, mve_conv_2d.SOURCES)
