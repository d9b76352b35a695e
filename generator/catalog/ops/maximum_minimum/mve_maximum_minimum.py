"""MAXIMUM and MINIMUM int8 and int16 in the mve backend (firmware/kernels/<op>_<type>_mve.c): rows of same-shape
or scalar-broadcast inputs a vector at a time (VMAX, VMIN, the last vector predicated), other rows as the
reference. The parameters and prepare are the family's (maximum_minimum.py)."""

from __future__ import annotations

from ..common import _mve_common as mc
from . import maximum_minimum

SPECS = maximum_minimum.backend_specs(mc.BACKEND, ())
