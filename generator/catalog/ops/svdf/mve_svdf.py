"""SVDF int8 (int16 or int8 state) in the mve backend (firmware/kernels/svdf_s8_mve.c): the feature sums four
filters a pass with VMLADAVA (mg_mve_dots.h), each filter's history shifted while its time sum is taken, both
requantizations four lanes at a time. Its table and prepare are the family's (svdf.py); float32 stays with the
reference kernel."""

from __future__ import annotations

from ..common import _mve_common as mc
from ..common import _scratch
from . import svdf


def scratch_bytes(op, inputs, outputs):
    return _scratch.scratch_size("mg_svdf_s8_mve_scratch_size", inputs[1].shape[0])


SPEC = svdf.backend_spec(mc.BACKEND, ("mg_mve.h", "mg_mve_dots.h"), scratch_bytes)
