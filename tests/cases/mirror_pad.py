"""Case builders of the mirror_pad tests that other test modules use too."""

import numpy as np
from op_cases import random_quant

MODES = {"REFLECT": 0, "SYMMETRIC": 1}


def pad_node(b, dtype, mode, shape, pads, index_type="int32"):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q)
    p = b.constant(np.array(pads).reshape(-1, 2), index_type)
    out = [d + lo + hi for d, (lo, hi) in zip(shape, pads)]
    b.node("MIRROR_PAD", [x, p], [b.output(out, dtype, q)], version=2 if dtype == "int8" else 1, mode=MODES[mode])
