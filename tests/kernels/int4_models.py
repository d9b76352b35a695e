"""Models with weights drawn from -8..7, stored as int8 or as int4: the same values, so that the two firmwares compute
the same outputs and differ only in how they keep the weights (tests/kernels/test_int4_weights.py compares their
flash and instructions): a small keyword-spotting CNN (a DS-CNN: a strided CONV_2D, depthwise-separable blocks, an
average pool and a FULLY_CONNECTED) and a dense autoencoder (FULLY_CONNECTED layers only)."""

from __future__ import annotations

import numpy as np

from modelkit import GraphBuilder

SAME, VALID = 0, 1


def ds_cnn(weights: str, blocks: int = 2, channels: int = 64, seed: int = 7) -> bytes:
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    scale = 0.05

    def quantized(shape, zero_point=-10):
        return g.tensor(shape, "int8", scale, zero_point)

    def filter_and_bias(shape, axis, channels_out, taps):
        w_scale = [float(rng.uniform(0.5, 1.5)) * 2.0 / (8 * np.sqrt(taps))] * channels_out
        f = g.tensor(shape, weights, w_scale, [0] * channels_out, data=rng.integers(-8, 8, size=shape), axis=axis)
        b = g.tensor(
            [channels_out],
            "int32",
            [scale * s for s in w_scale],
            [0] * channels_out,
            data=rng.integers(-300, 300, size=channels_out),
        )
        return f, b

    x = quantized([1, 49, 10, 1], 0)
    f, b = filter_and_bias([channels, 10, 4, 1], 0, channels, 40)
    y = quantized([1, 25, 5, channels])
    version = 7 if weights == "int4" else 3
    g.op("CONV_2D", [x, f, b], [y], version=version, padding=SAME, strideH=2, strideW=2, fusedActivationFunction=1)
    for _ in range(blocks):
        f, b = filter_and_bias([1, 3, 3, channels], 3, channels, 9)
        d = quantized([1, 25, 5, channels])
        g.op(
            "DEPTHWISE_CONV_2D",
            [y, f, b],
            [d],
            version=version,
            padding=SAME,
            strideH=1,
            strideW=1,
            depthMultiplier=1,
            fusedActivationFunction=1,
        )
        f, b = filter_and_bias([channels, 1, 1, channels], 0, channels, channels)
        y = quantized([1, 25, 5, channels])
        g.op("CONV_2D", [d, f, b], [y], version=version, padding=VALID, strideH=1, strideW=1, fusedActivationFunction=1)
    p = quantized([1, 1, 1, channels])
    g.op("AVERAGE_POOL_2D", [y], [p], version=2, padding=VALID, strideH=1, strideW=1, filterHeight=25, filterWidth=5)
    r = quantized([1, channels])
    shape = g.tensor([2], "int32", data=[1, channels])
    g.op("RESHAPE", [p, shape], [r])
    w = g.tensor(
        [12, channels], weights, 2.0 / (8 * np.sqrt(channels)), 0, data=rng.integers(-8, 8, size=(12, channels))
    )
    bias = g.tensor([12], "int32", scale * 2.0 / (8 * np.sqrt(channels)), 0, data=rng.integers(-300, 300, size=12))
    out = g.tensor([1, 12], "int8", 0.1, 0)
    g.op("FULLY_CONNECTED", [r, w, bias], [out], version=10 if weights == "int4" else 4)
    return g.build([x], [out])


def dense_autoencoder(weights: str, widths=(640, 128, 128, 128, 8, 128, 128, 128, 640), seed: int = 3) -> bytes:
    """FULLY_CONNECTED layers only, one input row (anomaly_detection's widths): each weight meets one MAC, so the
    int4 kernel's reading of packed weights decides its cost."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    scale = 0.05
    x = y = g.tensor([1, widths[0]], "int8", scale, -3)
    for depth, units in zip(widths, widths[1:]):
        w_scale = float(rng.uniform(0.5, 1.5)) * 2.0 / (8 * np.sqrt(depth))
        w = g.tensor([units, depth], weights, w_scale, 0, data=rng.integers(-8, 8, size=(units, depth)))
        bias = g.tensor([units], "int32", scale * w_scale, 0, data=rng.integers(-300, 300, size=units))
        out = g.tensor([1, units], "int8", scale, -3)
        version = 10 if weights == "int4" else 4
        g.op("FULLY_CONNECTED", [y, w, bias], [out], version=version, fusedActivationFunction=1)
        y = out
    return g.build([x], [y])
