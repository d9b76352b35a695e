"""SOFTMAX in the mve backend (firmware/kernels/softmax_s8_mve.c, softmax_s16_mve.c): the dsp backend's claims and
tables (softmax.kernel), four elements a vector with gather loads from the table. float32 and longer rows stay
with the reference kernel."""

from __future__ import annotations

from .softmax import kernel

SPEC = kernel("mve", ("softmax_s8_mve.c", "softmax_s16_mve.c"))
