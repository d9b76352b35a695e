"""TRANSPOSE int8 in the mve backend (firmware/kernels/transpose_s8_mve.c): each output row gathered eight bytes a
gather load. The parameters, prepare and views are the family's (transpose.py)."""

from __future__ import annotations

from ..common import _mve_common as mc
from . import transpose

SPEC = transpose.backend_spec(mc.BACKEND, ("mg_mve.h",))
