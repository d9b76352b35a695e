"""int8 LOGISTIC and TANH in the mve backend (firmware/kernels/logistic_tanh_s8_mve.c): the table of the dsp
backend's (_activation_table.py), looked up sixteen bytes a vector with a gather load. int16 and float32 stay with
the reference kernels."""

from __future__ import annotations

from ..common._activation_table import kernel
from ..tanh import tanh
from . import logistic

SPECS = [kernel("LOGISTIC", logistic, "mve"), kernel("TANH", tanh, "mve")]
