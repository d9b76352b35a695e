"""BATCH_MATMUL in the dsp backend (firmware/kernels/batch_matmul_*dsp.c): every int8 node the reference kernel
runs. The layout, the parameters and the prepare are the family's (batch_matmul); this module adds the kernel."""

from __future__ import annotations

from . import _dsp_common
from .batch_matmul import int8_backend_spec

SPEC = int8_backend_spec(
    _dsp_common, ("batch_matmul_dsp.c", "batch_matmul_s8_dsp.c", "mg_dsp_dot16.h", "mg_dsp_mac.h", "mg_dsp.h")
)
