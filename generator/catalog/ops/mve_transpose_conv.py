"""TRANSPOSE_CONV in the mve backend (firmware/kernels/transpose_conv_*mve.c): every int8 node the reference kernel
runs. The geometry, the parameters and the prepare are the family's (transpose_conv); this module adds the
scratch."""

from __future__ import annotations

from math import prod

from ..spec import KernelSpec
from . import _mve_common as mc
from . import _scratch
from .transpose_conv import FAMILY_SOURCES, macs, params, validate


def claims(op, inputs, outputs):
    return mc.all_int8(inputs[1], inputs[2], outputs[0])


def scratch_bytes(op, inputs, outputs):
    weights, out = inputs[1], outputs[0]
    return _scratch.scratch_size(
        "mg_transpose_conv_s8_mve_scratch_size",
        prod(out.shape[:3]),
        prod(weights.shape[1:3]),
        weights.shape[0],
        weights.shape[3],
    )


SPEC = KernelSpec(
    op="TRANSPOSE_CONV",
    builtin_code=67,
    versions=(1, 4),
    dtypes=("INT8",),
    sources=(*FAMILY_SOURCES, "transpose_conv_mve.c", "transpose_conv_s8_mve.c", "mg_mve_dot.h", "mg_mve.h"),
    registration="mg_register_transpose_conv_mve",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    backend=mc.BACKEND,
    claims=mc.safe(claims),
    macs=macs,
)
