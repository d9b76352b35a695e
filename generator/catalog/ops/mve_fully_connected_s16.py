"""FULLY_CONNECTED 16x8 (int16 activations, int8 weights) in the mve backend
(firmware/kernels/fully_connected_s16_mve.c): the claim and parameters of the dsp 16x8 kernel
(dsp_fully_connected_s16.py: a symmetric input, exact int32 sums, per-channel constants from the generator)."""

from __future__ import annotations

from ..spec import KernelSpec
from . import _mve_common as mc
from . import _scratch
from .dsp_fully_connected_s16 import claims, params
from .fully_connected import macs, validate
from .mve_fully_connected import SOURCES


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_fully_connected_s16_mve_scratch_size", inputs[1].shape[0])


SPEC = KernelSpec(
    op="FULLY_CONNECTED",
    builtin_code=9,
    versions=(1, 13),
    dtypes=("INT16",),
    sources=SOURCES,
    registration="mg_register_fully_connected_mve",
    validate=validate,
    params=params,
    macs=macs,
    scratch_bytes=scratch_bytes,
    backend=mc.BACKEND,
    claims=mc.safe(claims),
)
