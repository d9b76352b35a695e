"""AVERAGE_POOL_2D and MAX_POOL_2D in the dsp backend (firmware/kernels/*_pool_2d_{s8,s16}_dsp.c, registered by
*_pool_2d_dsp.c): int8 and int16, any window, strides and padding (the int8 average pool: windows of at most 256
taps). The set-up is the family's (pooling.py); float32 stays with the reference kernels."""

from __future__ import annotations

from .pooling import kernel

_SHARED = ("mg_dsp_requant.h", "mg_dsp.h")

SPECS = [
    kernel(
        "AVERAGE_POOL_2D",
        "dsp",
        ("average_pool_2d_dsp.c", "average_pool_2d_s8_dsp.c", "average_pool_2d_s16_dsp.c", *_SHARED),
        int16=True,
    ),
    kernel(
        "MAX_POOL_2D",
        "dsp",
        ("max_pool_2d_dsp.c", "max_pool_2d_s8_dsp.c", "max_pool_2d_s16_dsp.c", *_SHARED),
        int16=True,
    ),
]
