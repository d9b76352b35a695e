"""int8 LOGISTIC and TANH in the dsp backend (firmware/kernels/logistic_tanh_s8_dsp.c): a 256-entry table the
generator computes with the reference kernel's integer steps (_activation_table.py), looked up four bytes a word.
int16 and float32 stay with the reference kernels."""

from __future__ import annotations

from . import _dsp_common as dc
from . import logistic, tanh
from ._activation_table import kernel

SPECS = [kernel("LOGISTIC", logistic, dc.BACKEND), kernel("TANH", tanh, dc.BACKEND)]
