"""The window geometry of CONV_2D, DEPTHWISE_CONV_2D and the pools as the stages after check read it (rewrite's
fold_pad.py and patches.py): TFLite's padding codes, output size and padding before, a convolution's whole
geometry (mg_conv_geometry), and the option a row patch of a node carries. The catalog's kernels share these
helpers in ops/common/_conv_common.py; this module is their public face."""

from __future__ import annotations

from .ops.common._conv_common import (
    PADDING_SAME,
    PADDING_VALID,
    PATCH_PAD_HEIGHT,
    geometry_fields,
    out_size,
    pad_before,
)

__all__ = ["PADDING_SAME", "PADDING_VALID", "PATCH_PAD_HEIGHT", "geometry_fields", "out_size", "pad_before"]
