"""Case builders of the resize_bilinear tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def resize_node(b, dtype, shape, size, mode):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q)
    s = b.constant(np.array(size, dtype=np.int32), "int32")
    y = b.output([shape[0], *size, shape[3]], dtype, q)
    b.node("RESIZE_BILINEAR", [x, s], [y], version=3 if mode[1] else 1, alignCorners=mode[0], halfPixelCenters=mode[1])
