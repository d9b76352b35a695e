"""Case builders of the depthwise_conv_2d tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


SAME, VALID = 0, 1


def out_size(padding, size, taps, stride, dilation):
    effective = (taps - 1) * dilation + 1
    return -(-size // stride) if padding == SAME else -(-(size - effective + 1) // stride)


def geometry(rng):
    """Random shapes and options with at least one output row and column."""
    while True:
        batches = int(rng.choice([1, 1, 1, 2, 3]))
        h, w = (int(v) for v in rng.integers(1, 13, size=2))
        kh, kw = (int(v) for v in rng.integers(1, 6, size=2))
        sh, sw = (int(v) for v in rng.integers(1, 4, size=2))
        dh, dw = (int(v) for v in (rng.integers(1, 4, size=2) if rng.integers(0, 3) == 0 else (1, 1)))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size(padding, h, kh, sh, dh), out_size(padding, w, kw, sw, dw)
        if oh >= 1 and ow >= 1:
            return dict(
                batches=batches, h=h, w=w, kh=kh, kw=kw, sh=sh, sw=sw, dh=dh, dw=dw, padding=padding, oh=oh, ow=ow
            )


def channels(rng):
    """(input depth, depth multiplier)."""
    multiplier = int(rng.choice([1, 1, 1, 2, 3, 4]))
    return int(rng.integers(1, 16 // multiplier + 1)), multiplier


def options(g, multiplier, activation):
    return dict(
        padding=g["padding"],
        strideH=g["sh"],
        strideW=g["sw"],
        dilationHFactor=g["dh"],
        dilationWFactor=g["dw"],
        depthMultiplier=multiplier,
        fusedActivationFunction=activation,
    )


def output_quant(rng, activation):
    """An output scale and zero point as a converter picks them for the activation's range."""
    spread = float(np.exp(rng.uniform(-0.4, 0.4)))
    if activation == 3:  # RELU6
        return 6.0 / 255 * spread, int(rng.integers(-128, -120))
    if activation == 2:  # RELU_N1_TO_1
        return 2.0 / 255 * spread, int(rng.integers(-8, 9))
    if activation == 1:  # RELU
        return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, -100))
    return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, 128))


def int8_case(seed: int, weights: str = "int8") -> bytes:
    """int8 activations with an int8 filter, or an int4 one (`weights` "int4": values -8..7, version 7)."""
    rng = np.random.default_rng(seed)
    g = geometry(rng)
    in_depth, multiplier = channels(rng)
    out_depth = in_depth * multiplier
    per_channel = bool(rng.integers(0, 4))  # TFLite's converter emits per-channel; per-tensor still occurs
    taps = g["kh"] * g["kw"]
    activation = int(rng.choice(ACTIVATIONS))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    # The input scale that spreads the accumulator over the output range (effective multiplier below 1).
    low, high = (-127, 128) if weights == "int8" else (-8, 8)
    magnitude = 40.0 if weights == "int8" else 2.5  # about the mean |weight|
    in_scale = out_scale / (max(w_scale) * np.sqrt(taps) * magnitude * float(np.exp(rng.uniform(-0.5, 1.0))))
    b = GraphBuilder()
    x = b.tensor([g["batches"], g["h"], g["w"], in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor(
        [1, g["kh"], g["kw"], out_depth],
        weights,
        w_scale,
        [0] * len(w_scale),
        data=rng.integers(low, high, size=(1, g["kh"], g["kw"], out_depth)),
        axis=3,
    )
    inputs = [x, f]
    if rng.integers(0, 4):  # mostly with bias
        bias_scale = [in_scale * s for s in w_scale]
        spread = int(np.sqrt(taps) * 3000)
        inputs.append(
            b.tensor(
                [out_depth],
                "int32",
                bias_scale,
                [0] * len(bias_scale),
                data=rng.integers(-spread, spread + 1, size=out_depth),
            )
        )
    # Without bias: two inputs. TFLite Micro's depthwise Prepare crashes on an omitted (-1) third input (it
    # releases the absent bias tensor unconditionally), so the reference cannot run that form.
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "int8", out_scale, out_zp)
    b.op("DEPTHWISE_CONV_2D", inputs, [y], version=7 if weights == "int4" else 3, **options(g, multiplier, activation))
    return b.build([x], [y])


def float_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    g = geometry(rng)
    in_depth, multiplier = channels(rng)
    out_depth = in_depth * multiplier
    b = GraphBuilder()
    x = b.tensor([g["batches"], g["h"], g["w"], in_depth], "float32")
    f = b.tensor([1, g["kh"], g["kw"], out_depth], "float32", data=rng.normal(size=(1, g["kh"], g["kw"], out_depth)))
    inputs = [x, f]
    if rng.integers(0, 2):
        inputs.append(b.tensor([out_depth], "float32", data=rng.normal(size=out_depth)))
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "float32")
    b.op(
        "DEPTHWISE_CONV_2D",
        inputs,
        [y],
        version=2 if g["dh"] * g["dw"] > 1 else 1,
        **options(g, multiplier, int(rng.choice(ACTIVATIONS))),
    )
    return b.build([x], [y])
