"""MAXIMUM and MINIMUM int8 and int16 in the dsp backend (firmware/kernels/<op>_<type>_dsp.c): rows of same-shape
or scalar-broadcast inputs a word at a time (SSUB8 or SSUB16 and SEL, maximum_minimum_dsp.h), other rows as the
reference. The parameters and prepare are the family's (maximum_minimum.py)."""

from __future__ import annotations

from ..common import _dsp_common as dc
from . import maximum_minimum

SPECS = maximum_minimum.backend_specs(dc.BACKEND, ("mg_dsp.h", "maximum_minimum_dsp.h"))
