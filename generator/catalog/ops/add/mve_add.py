"""ADD in the mve backend (firmware/kernels/add_s8_mve.c): int8 with both inputs of the output's element count
(no broadcasting), on the family's parameters (add.py). Everything else stays with the reference kernel."""

from __future__ import annotations

from .add import kernel

SPEC = kernel("mve", ("add_s8_mve.c", "mg_mve.h"))
