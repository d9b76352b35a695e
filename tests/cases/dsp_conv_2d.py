"""Case builders of the dsp_conv_2d tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

SAME, VALID = 0, 1


def out_size(padding, size, taps, stride, dilation):
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


def case(
    seed: int,
    pointwise: bool = False,
    groups: int = 1,
    multiplier_scale: float = 1.0,
    pruned: int = 0,
    weights_type: str = "int8",
    direct: bool = False,
) -> bytes:
    """A random node; `weights_type` "int4" draws the filter from -8..7 and stores it as INT4 (version 7); `direct`:
    one the kernel runs in its direct form (conv_2d.h: a depth-1 input, filter rows of whole words, no dilation,
    at most 16 output channels)."""
    rng = np.random.default_rng(seed)
    while True:
        batches = int(rng.choice([1, 1, 1, 2]))
        h, w = (int(v) for v in rng.integers(1, 25 if direct else 13, size=2))
        kh, kw = (1, 1) if pointwise else (int(v) for v in rng.integers(1, 6, size=2))
        if direct:
            kh, kw = int(rng.integers(1, 11)), int(rng.choice([4, 8, 12]))
        sh, sw = (1, 1) if pointwise and rng.integers(0, 2) else (int(v) for v in rng.integers(1, 4, size=2))
        dilated = not pointwise and not direct and rng.integers(0, 4) == 0
        dh, dw = (int(v) for v in (rng.integers(1, 3, size=2) if dilated else (1, 1)))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size(padding, h, kh, sh, dh), out_size(padding, w, kw, sw, dw)
        if oh >= 1 and ow >= 1:
            break
    in_depth = 1 if direct else groups * int(rng.choice([1, 2, 3, 4, 5, 8, 12, 16, 24, 32]))
    filter_depth = in_depth // groups
    out_depth = (
        int(rng.choice([1, 2, 3, 4, 5, 8, 13, 16])) if direct else groups * int(rng.choice([1, 2, 3, 5, 8, 13, 16, 31]))
    )
    per_channel = bool(rng.integers(0, 4))
    taps = kh * kw * filter_depth
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    in_scale = (
        multiplier_scale * out_scale / (max(w_scale) * np.sqrt(taps) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    )
    if weights_type == "int4":  # the same spread of the sums with weights 16 times smaller
        in_scale *= 16
    low, high = (-127, 128) if weights_type == "int8" else (-8, 8)
    weights = rng.integers(low, high, size=(out_depth, kh, kw, filter_depth))
    b = GraphBuilder()
    x = b.tensor([batches, h, w, in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    inputs = [x]
    spread = int(np.sqrt(taps) * 3000)
    biases = rng.integers(-spread, spread + 1, size=out_depth)
    for c in rng.choice(out_depth, size=min(pruned, out_depth), replace=False):
        weights[c] = 0
        biases[c] = int(rng.choice([-1, 1])) * int(rng.integers((1 << 30) - 200, (1 << 30) + 200))
    inputs.append(b.tensor([out_depth, kh, kw, filter_depth], weights_type, w_scale, [0] * len(w_scale), data=weights))
    if pruned or rng.integers(0, 4):
        inputs.append(b.tensor([out_depth], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases))
    elif rng.integers(0, 2):
        inputs.append(-1)
    y = b.tensor([batches, oh, ow, out_depth], "int8", out_scale, out_zp)
    b.op(
        "CONV_2D",
        inputs,
        [y],
        version=7 if weights_type == "int4" else 6 if groups > 1 else 3,
        padding=padding,
        strideH=sh,
        strideW=sw,
        dilationHFactor=dh,
        dilationWFactor=dw,
        fusedActivationFunction=activation,
    )
    return b.build([x], [y])
