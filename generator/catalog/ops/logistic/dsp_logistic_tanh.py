"""int8 LOGISTIC and TANH in the dsp backend (firmware/kernels/logistic_tanh_s8_dsp.c): a 256-entry table the
generator computes with the reference kernel's integer steps (_activation_table.py), looked up four bytes a word.
int16 and float32 stay with the reference kernels."""

from __future__ import annotations

from ..common import _dsp_common as dc
from ..common._activation_table import kernel
from ..tanh import tanh
from . import logistic

SPECS = [kernel("LOGISTIC", logistic, dc.BACKEND), kernel("TANH", tanh, dc.BACKEND)]
