"""MUL in the mve backend (firmware/kernels/mul_s8_mve.c, mul_s16_mve.c, mg_mul_mve.h): every int8 and int16 node
the family's validate admits, with the reference's broadcasting (VQRDMULH and the corrected VRSHL are exact for
all its multipliers and shifts). float32 and int32 stay with the reference kernel."""

from __future__ import annotations

from . import mul

SPEC = mul.kernel("mve", ("mul_s8_mve.c", "mul_s16_mve.c", "mg_mul_mve.h", "mg_mve.h"), lambda op, i, o: None)
