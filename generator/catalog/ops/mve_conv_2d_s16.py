"""CONV_2D 16x8 (int16 activations, int8 filters) in the mve backend (firmware/kernels/conv_2d_s16_mve.c): one
group, any filter size, strides, dilations, padding and batches, the reference parameters; the int32 sums and the
requantization of the dsp 16x8 kernel, so the same claim (_dsp_common.sums_fit_int32_16x8)."""

from __future__ import annotations

import numpy as np

from ..spec import KernelSpec
from . import _mve_common as mc
from . import _scratch
from .conv_2d import FAMILY_SOURCES, macs, params, validate
from .dsp_conv_2d_s16 import claims


def scratch_bytes(op, inputs, outputs):
    weights = inputs[1]
    return _scratch.scratch_size("mg_conv_2d_s16_mve_scratch_size", int(np.prod(weights.shape[1:])), weights.shape[0])


SPEC = KernelSpec(
    op="CONV_2D",
    builtin_code=3,
    versions=(1, 8),
    dtypes=("INT16",),
    sources=(
        *FAMILY_SOURCES,
        "conv_2d_s16_mve.c",
        "conv_2d_s16_mve_scratch_size.c",
        "mg_mve_matmul_s16.h",
        "matmul_rows_s16_mve.c",
        "mg_dsp_requant_s16.h",
        "mg_dsp.h",
        "mg_fixedpoint.h",
        "mg_requant.h",
        "mg_requant.c",
    ),
    registration="mg_register_conv_2d_s16_mve",
    validate=validate,
    params=params,
    macs=macs,
    scratch_bytes=scratch_bytes,
    backend=mc.BACKEND,
    claims=mc.safe(claims),
)
