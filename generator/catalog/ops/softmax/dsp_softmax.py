"""SOFTMAX in the dsp backend (firmware/kernels/softmax_s8_dsp.c, softmax_s16_dsp.c): int8 -> int8, int8 -> int16
and int16 -> int16 rows of at most softmax.BACKEND_MAX_DEPTH, on the family's parameters plus one table (int8: the
exp of every difference to the row maximum; int16: the exp table packed per interval). float32 and longer rows
stay with the reference kernel."""

from __future__ import annotations

from .softmax import kernel

SPEC = kernel("dsp", ("softmax_s8_dsp.c", "softmax_s16_dsp.c", "mg_dsp.h"))
