"""Case builders of the weighted_16x8 tests that other test modules use too."""

import numpy as np

from cases.conv_2d import channels as conv_channels
from cases.conv_2d import geometry, options, out_size
from cases.depthwise_conv_2d import channels as depthwise_channels
from kernel_harness import rand_scale

ACTIVATIONS = [0, 1, 2, 3]  # NONE, RELU, RELU_N1_TO_1, RELU6


TENSOR_INT32 = 2  # the options' quantized_bias_type


def small_values(limit):
    return lambda rng, shape: rng.integers(-limit, limit, size=shape, endpoint=True, dtype=np.int16)


def scales(b, taps, channels, per_channel, boost):
    """Input, weight and output scales that spread the accumulator over the int16 output (real multipliers
    below one), or with `boost` real multipliers between 1 and 100 (QuantizeMultiplier's left shifts)."""
    in_scale = rand_scale(b.rng, 1e-4, 1e-3)
    w_scale = [rand_scale(b.rng, 1e-3, 2e-2) for _ in range(channels if per_channel else 1)]
    if boost:
        out_scale = in_scale * max(w_scale) / float(b.rng.uniform(1.0, 100.0))
    else:
        out_scale = in_scale * max(w_scale) * np.sqrt(taps) * 140 * float(np.exp(b.rng.uniform(-0.5, 1.0)))
    return in_scale, w_scale, out_scale


def add_bias(b, inputs, units, in_scale, w_scale, bias_types, taps):
    """An int64 or int32 bias (of the types allowed), or none: omitted (-1) or left out."""
    kind = bias_types[int(b.rng.integers(0, len(bias_types)))]
    if kind is None:
        if b.rng.integers(0, 2):
            inputs.append(-1)
        return None
    spread = int(np.sqrt(taps) * 2e6)
    data = b.rng.integers(-spread, spread + 1, size=units)
    scale = [in_scale * s for s in w_scale]
    inputs.append(b.constant(data.astype(kind), kind, (scale, [0] * len(scale))))
    return kind


def bias_options(b, kind):
    """Without a bias, TFLite's int32 accumulator is chosen by the options' quantized_bias_type."""
    return {"quantizedBiasType": TENSOR_INT32} if kind is None and b.rng.integers(0, 2) else {}


def conv_node(b, boost=False):
    g = geometry(b.rng)
    in_depth, filter_depth, out_depth = conv_channels(b.rng)
    if g["kh"] * g["kw"] * filter_depth > 200:  # keep the int32 accumulator's sums well inside int32
        g.update(kh=1, kw=1, oh=-(-g["h"] // g["sh"]), ow=-(-g["w"] // g["sw"]), padding=0)
    taps = g["kh"] * g["kw"] * filter_depth
    per_channel = bool(b.rng.integers(0, 4))
    in_scale, w_scale, out_scale = scales(b, taps, out_depth, per_channel, boost)
    x = b.input([g["batches"], g["h"], g["w"], in_depth], "int16", (in_scale, 0), small_values(40) if boost else None)
    shape = [out_depth, g["kh"], g["kw"], filter_depth]
    f = b.constant(b.rng.integers(-127, 128, size=shape).astype(np.int8), "int8", (w_scale, [0] * len(w_scale)))
    inputs = [x, f]
    kind = add_bias(b, inputs, out_depth, in_scale, w_scale, ("int64", "int64", "int32", None), taps)
    y = b.output([g["batches"], g["oh"], g["ow"], out_depth], "int16", (out_scale, 0))
    opts = options(g, int(b.rng.choice(ACTIVATIONS)))
    b.node("CONV_2D", inputs, [y], version=4, **opts, **bias_options(b, kind))


def three_by_three(rng):
    """A geometry with a 3x3 filter at stride 1 or 2 along rows and no dilation there (the dsp kernel's pair
    paths)."""
    while True:
        g = geometry(rng)
        g.update(kh=3, kw=3, sw=int(rng.integers(1, 3)), dw=1)
        g.update(
            oh=out_size(g["padding"], g["h"], 3, g["sh"], g["dh"]), ow=out_size(g["padding"], g["w"], 3, g["sw"], 1)
        )
        if g["oh"] >= 1 and g["ow"] >= 1:
            return g


def fused_three_by_three(rng):
    """A 3x3 geometry at stride 1 along rows, 5 to 20 input columns (whole blocks of four outputs and a remainder):
    the shape whose requantization the dsp and mve kernels fold into their loops."""
    g = three_by_three(rng)
    g.update(sw=1, w=int(rng.integers(5, 21)))
    g.update(ow=out_size(g["padding"], g["w"], 3, 1, 1))
    return g


def depthwise_node(b, boost=False, pairs=False, fused=False, g=None, channels=None):
    """fused: the fused loops' shape with no activation or ReLU (the activations they take); g and channels (input
    depth, depth multiplier) replace the random ones."""
    if g is None:
        g = fused_three_by_three(b.rng) if fused else three_by_three(b.rng) if pairs else geometry(b.rng)
    in_depth, multiplier = channels or depthwise_channels(b.rng)
    out_depth = in_depth * multiplier
    per_channel = bool(b.rng.integers(0, 4))
    in_scale, w_scale, out_scale = scales(b, g["kh"] * g["kw"], out_depth, per_channel, boost)
    x = b.input([g["batches"], g["h"], g["w"], in_depth], "int16", (in_scale, 0), small_values(40) if boost else None)
    shape = [1, g["kh"], g["kw"], out_depth]
    w_quant = (w_scale, [0] * len(w_scale))
    f = b.g.tensor(shape, "int8", *w_quant, data=b.rng.integers(-127, 128, size=shape), axis=3)
    inputs = [x, f]
    add_bias(b, inputs, out_depth, in_scale, w_scale, ("int64", "int64", None), g["kh"] * g["kw"])
    if inputs[-1] == -1:
        inputs.pop()  # TFLite Micro's depthwise crashes on an omitted (-1) bias
    y = b.output([g["batches"], g["oh"], g["ow"], out_depth], "int16", (out_scale, 0))
    act = int(b.rng.choice(ACTIVATIONS[:2] if fused else ACTIVATIONS))
    b.node(
        "DEPTHWISE_CONV_2D",
        inputs,
        [y],
        version=5,
        padding=g["padding"],
        strideH=g["sh"],
        strideW=g["sw"],
        dilationHFactor=g["dh"],
        dilationWFactor=g["dw"],
        depthMultiplier=multiplier,
        fusedActivationFunction=act,
    )


def fully_connected_node(b, boost=False):
    batches, depth, units = (int(v) for v in (b.rng.integers(1, 4), b.rng.integers(1, 60), b.rng.integers(1, 24)))
    per_channel = bool(b.rng.integers(0, 2))
    in_scale, w_scale, out_scale = scales(b, depth, units, per_channel, boost)
    x = b.input([batches, depth], "int16", (in_scale, 0), small_values(40) if boost else None)
    w_quant = (w_scale, [0] * len(w_scale))
    w = b.constant(b.rng.integers(-127, 128, size=(units, depth)).astype(np.int8), "int8", w_quant)
    inputs = [x, w]
    kind = add_bias(b, inputs, units, in_scale, w_scale, ("int64", "int32", None), depth)
    if len(inputs) == 2:
        inputs.append(-1)
    y = b.output([batches, units], "int16", (out_scale, 0))
    act = int(b.rng.choice(ACTIVATIONS))
    b.node("FULLY_CONNECTED", inputs, [y], version=7, fusedActivationFunction=act, **bias_options(b, kind))
