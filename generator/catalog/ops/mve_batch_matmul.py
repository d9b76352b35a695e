"""BATCH_MATMUL in the mve backend (firmware/kernels/batch_matmul_*mve.c): every int8 node the reference kernel
runs. The layout, the parameters and the prepare are the family's (batch_matmul); this module adds the scratch."""

from __future__ import annotations

from ..spec import KernelSpec
from . import _mve_common as mc
from . import _scratch
from .batch_matmul import FAMILY_SOURCES, macs, params, validate


def claims(op, inputs, outputs):
    return mc.all_int8(*inputs, outputs[0])


def scratch_bytes(op, inputs, outputs):
    fields = params(op, inputs, outputs).fields
    return _scratch.scratch_size("mg_batch_matmul_s8_mve_scratch_size", fields["cols"], fields["depth"])


SPEC = KernelSpec(
    op="BATCH_MATMUL",
    builtin_code=126,
    versions=(1, 4),
    dtypes=("INT8",),
    sources=(
        *FAMILY_SOURCES,
        "batch_matmul_mve.c",
        "batch_matmul_s8_mve.c",
        "mg_mve_dot.h",
        "mg_mve.h",
    ),
    registration="mg_register_batch_matmul_mve",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    backend=mc.BACKEND,
    claims=mc.safe(claims),
    macs=macs,
)
