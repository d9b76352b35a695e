"""TRANSPOSE_CONV in the mve backend (firmware/kernels/transpose_conv_*mve.c): every int8 node the reference kernel
runs. The geometry, the parameters and the prepare are the family's (transpose_conv); this module adds the
scratch."""

from __future__ import annotations

from ..spec import KernelSpec
from . import _mve_common as mc
from . import _scratch
from .transpose_conv import FAMILY_SOURCES, macs, params, validate


def claims(op, inputs, outputs):
    return mc.all_int8(inputs[1], inputs[2], outputs[0])


def scratch_bytes(op, inputs, outputs):
    weights = inputs[1]
    return _scratch.scratch_size(
        "mg_transpose_conv_s8_mve_scratch_size",
        weights.shape[1],
        weights.shape[2],
        op.options["stride_h"],
        op.options["stride_w"],
        weights.shape[0],
        weights.shape[3],
    )


SPEC = KernelSpec(
    op="TRANSPOSE_CONV",
    builtin_code=67,
    versions=(1, 4),
    dtypes=("INT8",),
    sources=(
        *FAMILY_SOURCES,
        "transpose_conv_mve.c",
        "transpose_conv_s8_mve.c",
        "mg_mve_dot.h",
        "mg_mve.h",
        "mg_mve_matmul.h",
        "matmul_rows_s8_mve.c",
    ),
    registration="mg_register_transpose_conv_mve",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    backend=mc.BACKEND,
    claims=mc.safe(claims),
    macs=macs,
)
