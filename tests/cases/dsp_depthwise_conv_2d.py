"""Case builders of the dsp_depthwise_conv_2d tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

SAME, VALID = 0, 1


def out_size_dilated(padding, size, taps, stride, dilation):
    effective = (taps - 1) * dilation + 1
    return -(-size // stride) if padding == SAME else -(-(size - effective + 1) // stride)


def output_quant(rng, activation):
    spread = float(np.exp(rng.uniform(-0.4, 0.4)))
    if activation == 3:  # RELU6
        return 6.0 / 255 * spread, int(rng.integers(-128, -120))
    if activation == 2:  # RELU_N1_TO_1
        return 2.0 / 255 * spread, int(rng.integers(-8, 9))
    if activation == 1:  # RELU
        return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, -100))
    return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, 128))


def depthwise_model(
    rng, in_shape, kernel, strides, dilations, padding, multiplier, pruned, weights_type="int8", gain=1.0
) -> bytes:
    """An int8 DEPTHWISE_CONV_2D node of that geometry with random quantization, activation, weights and bias
    (pruned: that many output channels with zero weights and a bias near 2^30): the multiplier kernels' test
    builds its cases with it too. `weights_type` "int4": the filter from -8..7, stored as INT4 (version 7); `gain`
    multiplies the input scale (hence the requantization's multiplier)."""
    batches, h, w, depth = in_shape
    (kh, kw), (sh, sw), (dh, dw) = kernel, strides, dilations
    oh, ow = out_size_dilated(padding, h, kh, sh, dh), out_size_dilated(padding, w, kw, sw, dw)
    out_depth = depth * multiplier
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    per_channel = bool(rng.integers(0, 4))
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    in_scale = out_scale / (max(w_scale) * np.sqrt(kh * kw) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    if weights_type == "int4":  # the same spread of the sums with weights 16 times smaller
        in_scale *= 16
    in_scale *= gain
    low, high = (-127, 128) if weights_type == "int8" else (-8, 8)
    weights = rng.integers(low, high, size=(1, kh, kw, out_depth))
    spread = int(np.sqrt(kh * kw) * 3000)
    biases = rng.integers(-spread, spread + 1, size=out_depth)
    for c in rng.choice(out_depth, size=min(pruned, out_depth), replace=False):
        weights[..., c] = 0
        biases[c] = int(rng.choice([-1, 1])) * int(rng.integers((1 << 30) - 200, (1 << 30) + 200))
    b = GraphBuilder()
    x = b.tensor([batches, h, w, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor([1, kh, kw, out_depth], weights_type, w_scale, [0] * len(w_scale), data=weights, axis=3)
    inputs = [x, f]
    if pruned or rng.integers(0, 4):
        inputs.append(b.tensor([out_depth], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases))
    y = b.tensor([batches, oh, ow, out_depth], "int8", out_scale, out_zp)
    b.op(
        "DEPTHWISE_CONV_2D",
        inputs,
        [y],
        version=7 if weights_type == "int4" else 3,
        padding=padding,
        strideH=sh,
        strideW=sw,
        dilationHFactor=dh,
        dilationWFactor=dw,
        depthMultiplier=multiplier,
        fusedActivationFunction=activation,
    )
    return b.build([x], [y])


def case(seed: int, kernel=(3, 3), multiplier=1, dilation=1, pruned=0, weights_type="int8") -> bytes:
    rng = np.random.default_rng(seed)
    kh, kw = kernel
    while True:
        batches = int(rng.choice([1, 1, 1, 2]))
        h, w = (int(v) for v in rng.integers(1, 14, size=2))
        sh, sw = (int(v) for v in rng.choice([1, 1, 2, 2, 3], size=2))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size_dilated(padding, h, kh, sh, dilation), out_size_dilated(padding, w, kw, sw, dilation)
        if oh >= 1 and ow >= 1:
            break
    depth = int(rng.choice([1, 3, 4, 8, 15, 16, 17, 24, 32, 37]))
    return depthwise_model(
        rng, [batches, h, w, depth], (kh, kw), (sh, sw), (dilation, dilation), padding, multiplier, pruned, weights_type
    )
