"""MAX_POOL_2D in the portable backend (firmware/kernels/max_pool_2d_s8_portable.c, for cores without DSP:
Cortex-M0/M0+, Cortex-M3): int8, any window, strides and padding; the set-up is the family's (pooling.py). float32,
int16 and AVERAGE_POOL_2D stay with the reference kernels."""

from __future__ import annotations

from .pooling import kernel

SPEC = kernel("MAX_POOL_2D", "portable", ("max_pool_2d_s8_portable.c",))
