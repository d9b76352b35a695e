"""Case builders of the pooling tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


SAME, VALID = 0, 1


def out_size(padding, size, filt, stride):
    return (size + stride - 1) // stride if padding == SAME else (size + stride - filt) // stride


def pool_case(op: str, dtype: str, seed: int, depths=None, max_side: int = 12, shape=None, window=None) -> bytes:
    """One random pooling node (every backend's tests use it): `depths` to draw the channel count from (else 1-5),
    sides below `max_side`; `shape` and `window` give a global VALID pool instead."""
    rng = np.random.default_rng(seed)
    batches, h, w = int(rng.integers(1, 3)), int(rng.integers(1, max_side)), int(rng.integers(1, max_side))
    depth = int(rng.choice(depths)) if depths is not None else int(rng.integers(1, 6))
    fh, fw = int(rng.integers(1, min(h, 5) + 1)), int(rng.integers(1, min(w, 5) + 1))
    sh, sw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
    padding = int(rng.integers(0, 2))
    if shape is not None:
        (batches, h, w, depth), (fh, fw), (sh, sw), padding = shape, window, window, VALID
    oh, ow = out_size(padding, h, fh, sh), out_size(padding, w, fw, sw)
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng, 0.005, 0.1), int(rng.integers(-128, 128))
        x = g.tensor([batches, h, w, depth], "int8", scale, zp)
        y = g.tensor([batches, oh, ow, depth], "int8", scale, zp)
    elif dtype == "int16":  # zero point 0, as TFLite's int16 activations
        scale = rand_scale(rng, 1e-4, 1e-2)
        x = g.tensor([batches, h, w, depth], "int16", scale, 0)
        y = g.tensor([batches, oh, ow, depth], "int16", scale, 0)
    else:
        x = g.tensor([batches, h, w, depth], "float32")
        y = g.tensor([batches, oh, ow, depth], "float32")
    g.op(
        op,
        [x],
        [y],
        version={"int8": 2, "int16": 3}.get(dtype, 1),
        padding=padding,
        strideH=sh,
        strideW=sw,
        filterHeight=fh,
        filterWidth=fw,
        fusedActivationFunction=int(rng.choice(ACTIVATIONS)),
    )
    return g.build([x], [y])


def global_average_case(dtype: str, h: int = 7, w: int = 7, depth: int = 16) -> bytes:
    """A VALID pool over the whole image (MobileNet's tail: 7x7)."""
    return pool_case("AVERAGE_POOL_2D", dtype, 0, shape=(1, h, w, depth), window=(h, w))
