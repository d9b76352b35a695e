"""AVERAGE_POOL_2D and MAX_POOL_2D in the mve backend (firmware/kernels/*_pool_2d_{s8,s16}_mve.c, registered by
*_pool_2d_mve.c): int8 and int16, any filter, strides, SAME/VALID padding and batches; int8 average pooling over
windows of at most 256 values (int16 sums; int16 sums in int32, windows of at most 65,535 values). The set-up is
the family's (pooling.py); float32 stays with the reference kernels."""

from __future__ import annotations

from .pooling import kernel

SPECS = [
    kernel(
        "AVERAGE_POOL_2D",
        "mve",
        (
            "average_pool_2d_mve.c",
            "average_pool_2d_s8_mve.c",
            "average_pool_2d_s16_mve.c",
            "mg_mve.h",
            "mg_mve_pool_divide.h",
        ),
        int16=True,
    ),
    kernel(
        "MAX_POOL_2D",
        "mve",
        ("max_pool_2d_mve.c", "max_pool_2d_s8_mve.c", "max_pool_2d_s16_mve.c", "mg_mve.h"),
        int16=True,
    ),
]
