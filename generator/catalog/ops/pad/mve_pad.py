"""PAD and PADV2 int8 in the mve backend (firmware/kernels/pad_s8_mve.c): the padding filled and the input copied
a run at a time with tail-predicated Helium loops (pad_rows.h, mg_mve.h). The parameters and prepare are the
family's (pad.py)."""

from __future__ import annotations

from ..common import _mve_common as mc
from . import pad

SPECS = pad.backend_specs(mc.BACKEND, ("mg_mve.h",))
