"""SVDF int8 (int16 or int8 state) in the dsp backend (firmware/kernels/svdf_s8_dsp.c): FULLY_CONNECTED's
four-row SMLAD loop for the feature sums, each filter's history shifted while its time sum is taken. Its table
and prepare are the family's (svdf.py); float32 stays with the reference kernel."""

from __future__ import annotations

from . import _dsp_common as dc
from . import _scratch, svdf


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_svdf_s8_dsp_scratch_size", inputs[0].shape[1])


SPEC = svdf.backend_spec(dc.BACKEND, ("mg_dsp.h", "mg_dsp_mac.h"), scratch_bytes)
