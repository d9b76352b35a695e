"""TRANSPOSE int8 in the dsp backend (firmware/kernels/transpose_s8_dsp.c): each output row gathered four bytes a
word. The parameters, prepare and views are the family's (transpose.py)."""

from __future__ import annotations

from ..common import _dsp_common as dc
from . import transpose

SPEC = transpose.backend_spec(dc.BACKEND, ("mg_dsp.h",))
