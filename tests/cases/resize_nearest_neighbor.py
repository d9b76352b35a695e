"""Case builders of the resize_nearest_neighbor tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

MODES = [(False, False), (True, False), (False, True), (True, True)]  # (align_corners, half_pixel_centers)


def resize_case(dtype: str, seed: int, mode=None, size=None, in_hw=None) -> bytes:
    rng = np.random.default_rng(seed)
    b, h, w, d = int(rng.integers(1, 3)), int(rng.integers(1, 9)), int(rng.integers(1, 9)), int(rng.integers(1, 5))
    h, w = in_hw or (h, w)
    out_h, out_w = size or (int(rng.integers(1, 17)), int(rng.integers(1, 17)))
    align, half = mode or MODES[int(rng.integers(0, 4))]
    q = (rand_scale(rng), int(rng.integers(-128, 128))) if dtype == "int8" else (None, None)
    g = GraphBuilder()
    x = g.tensor([b, h, w, d], dtype, *q)
    s = g.tensor([2], "int32", data=[out_h, out_w])
    y = g.tensor([b, out_h, out_w, d], dtype, *q)
    version = 3 if half else (2 if dtype == "int8" else 1)
    g.op(
        "RESIZE_NEAREST_NEIGHBOR",
        [x, s],
        [y],
        version=4 if dtype == "int16" else version,
        alignCorners=bool(align),
        halfPixelCenters=bool(half),
    )
    return g.build([x], [y])
