"""BATCH_MATMUL in the mve backend (firmware/kernels/batch_matmul_*mve.c): every int8 node the reference kernel
runs. The layout, the parameters and the prepare are the family's (batch_matmul); this module adds the kernel."""

from __future__ import annotations

from . import _mve_common
from .batch_matmul import int8_backend_spec

SPEC = int8_backend_spec(_mve_common, ("batch_matmul_mve.c", "batch_matmul_s8_mve.c", "mg_mve_dot.h", "mg_mve.h"))
