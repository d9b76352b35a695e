"""Case builders of the conv_2d tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


SAME, VALID = 0, 1


def out_size(padding, size, taps, stride, dilation):
    effective = (taps - 1) * dilation + 1
    return -(-size // stride) if padding == SAME else -(-(size - effective + 1) // stride)


def geometry(rng, pointwise: bool = False):
    """Random shapes and options with at least one output row and column (a 1x1 filter when `pointwise`)."""
    while True:
        batches = int(rng.choice([1, 1, 1, 2, 3]))
        h, w = (int(v) for v in rng.integers(1, 13, size=2))
        kh, kw = (1, 1) if pointwise else (int(v) for v in rng.integers(1, 6, size=2))
        sh, sw = (int(v) for v in rng.integers(1, 4, size=2))
        dh, dw = (int(v) for v in (rng.integers(1, 4, size=2) if rng.integers(0, 3) == 0 else (1, 1)))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size(padding, h, kh, sh, dh), out_size(padding, w, kw, sw, dw)
        if oh >= 1 and ow >= 1:
            return dict(
                batches=batches, h=h, w=w, kh=kh, kw=kw, sh=sh, sw=sw, dh=dh, dw=dw, padding=padding, oh=oh, ow=ow
            )


def channels(rng):
    """(input depth, filter input depth, output depth): grouped now and then."""
    groups = int(rng.choice([1, 1, 1, 1, 2, 3, 4]))
    per_group_in = int(rng.integers(1, max(2, 16 // groups + 1)))
    per_group_out = int(rng.integers(1, max(2, 16 // groups + 1)))
    return groups * per_group_in, per_group_in, groups * per_group_out


def options(g, activation):
    return dict(
        padding=g["padding"],
        strideH=g["sh"],
        strideW=g["sw"],
        dilationHFactor=g["dh"],
        dilationWFactor=g["dw"],
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


def int8_case(seed: int, pointwise: bool = False, weights: str = "int8") -> bytes:
    """int8 activations with an int8 filter, or an int4 one (`weights` "int4": values -8..7, version 7)."""
    rng = np.random.default_rng(seed)
    g = geometry(rng, pointwise)
    in_depth, filter_depth, out_depth = channels(rng)
    per_channel = bool(rng.integers(0, 4))  # TFLite's converter emits per-channel; per-tensor still occurs
    taps = g["kh"] * g["kw"] * filter_depth
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
        [out_depth, g["kh"], g["kw"], filter_depth],
        weights,
        w_scale,
        [0] * len(w_scale),
        data=rng.integers(low, high, size=(out_depth, g["kh"], g["kw"], filter_depth)),
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
    elif rng.integers(0, 2):
        inputs.append(-1)  # an omitted bias; otherwise just two inputs
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "int8", out_scale, out_zp)
    version = 7 if weights == "int4" else 6 if in_depth != filter_depth else 3
    b.op("CONV_2D", inputs, [y], version=version, **options(g, activation))
    return b.build([x], [y])


def float_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    g = geometry(rng)
    in_depth, filter_depth, out_depth = channels(rng)
    b = GraphBuilder()
    x = b.tensor([g["batches"], g["h"], g["w"], in_depth], "float32")
    f = b.tensor(
        [out_depth, g["kh"], g["kw"], filter_depth],
        "float32",
        data=rng.normal(size=(out_depth, g["kh"], g["kw"], filter_depth)),
    )
    inputs = [x, f]
    if rng.integers(0, 2):
        inputs.append(b.tensor([out_depth], "float32", data=rng.normal(size=out_depth)))
    elif rng.integers(0, 2):
        inputs.append(-1)  # an omitted bias; otherwise just two inputs
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "float32")
    b.op(
        "CONV_2D", inputs, [y], version=6 if in_depth != filter_depth else 1, **options(g, int(rng.choice(ACTIVATIONS)))
    )
    return b.build([x], [y])


# Real multipliers input_scale * filter_scale / output_scale across QuantizeMultiplier's range (the kernels compute
# them on the device from the model's float32 scales, see mg_requant.h): a subnormal filter scale and others
# below 2^-32 give (0, 0); 2^-31.5 keeps shift -31; then ordinary ones, 1.0 and a left shift.
EXTREME_REALS = [1.4e-45 / 2, 1e-40 / 2, 1e-20, 2**-32.2, 2**-31.5, 1e-7, 3.1e-3, 0.37, 1.0, 11.0]


def extreme_scales_case(op_name: str) -> bytes:
    rng = np.random.default_rng(17)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    assert all(s > 0 for s in w_scale) and np.float32(w_scale[0]) < np.finfo(np.float32).tiny  # subnormal
    channels = len(w_scale)
    b = GraphBuilder()
    x = b.tensor([1, 5, 5, 2 if op_name == "CONV_2D" else 1], "int8", in_scale, 3)
    if op_name == "CONV_2D":
        shape, axis, opts = [channels, 3, 3, 2], 0, {}
    else:
        shape, axis, opts = [1, 3, 3, channels], 3, {"depthMultiplier": channels}
    f = b.tensor(shape, "int8", w_scale, [0] * channels, data=rng.integers(-3, 4, shape), axis=axis)
    y = b.tensor([1, 5, 5, channels], "int8", out_scale, -7)
    # No bias (its scale would underflow); two inputs, since TFLite Micro's depthwise crashes on a -1 bias.
    b.op(op_name, [x, f], [y], version=3, padding=SAME, strideH=1, strideW=1, **opts)
    return b.build([x], [y])
