"""Case builders of the dsp_depthwise_conv_2d_multiplier tests that other test modules use too."""

import numpy as np

from cases.dsp_depthwise_conv_2d import depthwise_model, out_size_dilated


def case(seed: int, multiplier=None, pruned=0) -> bytes:
    rng = np.random.default_rng(seed)
    multiplier = multiplier or int(rng.choice([2, 2, 3, 4, 5, 8]))
    while True:
        batches = int(rng.choice([1, 1, 1, 2]))
        h, w = (int(v) for v in rng.integers(1, 16, size=2))
        kh, kw = int(rng.integers(1, 11)), int(rng.integers(1, 9))
        sh, sw = (int(v) for v in rng.choice([1, 1, 2, 2, 3], size=2))
        dh, dw = (int(v) for v in (rng.integers(1, 4, size=2) if rng.integers(0, 3) == 0 else (1, 1)))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size_dilated(padding, h, kh, sh, dh), out_size_dilated(padding, w, kw, sw, dw)
        if oh >= 1 and ow >= 1:
            break
    depth = int(rng.choice([1, 1, 1, 2, 3, 5]))
    return depthwise_model(rng, [batches, h, w, depth], (kh, kw), (sh, sw), (dh, dw), padding, multiplier, pruned)
