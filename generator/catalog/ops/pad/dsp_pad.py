"""PAD and PADV2 int8 in the dsp backend (firmware/kernels/pad_s8_dsp.c): the padding filled and the input copied
a run at a time (pad_rows.h). The parameters and prepare are the family's (pad.py)."""

from __future__ import annotations

from ..common import _dsp_common as dc
from . import pad

SPECS = pad.backend_specs(dc.BACKEND, ())
