"""TRANSPOSE_CONV in the dsp backend (firmware/kernels/transpose_conv_*dsp.c): every int8 node the reference kernel
runs. The geometry, the parameters and the prepare are the family's (transpose_conv); this module adds the
scratch."""

from __future__ import annotations

from math import prod

from ..spec import KernelSpec
from . import _dsp_common as dc
from . import _scratch
from .transpose_conv import FAMILY_SOURCES, macs, params, validate


def claims(op, inputs, outputs):
    return dc.all_int8(inputs[1], inputs[2], outputs[0])


def scratch_bytes(op, inputs, outputs):
    weights = inputs[1]
    return _scratch.scratch_size(
        "mg_transpose_conv_s8_dsp_scratch_size", outputs[0].num_elements, prod(weights.shape[:3]), weights.shape[3]
    )


SPEC = KernelSpec(
    op="TRANSPOSE_CONV",
    builtin_code=67,
    versions=(1, 4),
    dtypes=("INT8",),
    sources=(
        *FAMILY_SOURCES,
        "transpose_conv_dsp.c",
        "transpose_conv_s8_dsp.c",
        "mg_dsp_dot16.h",
        "mg_dsp_mac.h",
        "mg_dsp.h",
    ),
    registration="mg_register_transpose_conv_dsp",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    backend=dc.BACKEND,
    claims=dc.safe(claims),
    macs=macs,
)
