"""CONV_2D: randomized int8 (per-channel and per-tensor filters) and float32 cases against TFLite Micro:
strides, dilations, SAME/VALID padding, grouped filters, batches, optional bias, fused activations."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, seed_groups, verify_cases, verify_model
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


@pytest.mark.parametrize("seeds", seed_groups(40), ids=str)
def test_int8_random(seeds):
    verify_cases({f"seed {seed}": int8_case(seed) for seed in seeds}, count=2, seed=seeds[0])


def test_int8_pointwise_random():
    """1x1 filters (no padding) take a loop of their own in conv_2d_s8.c: strides, groups, batches."""
    verify_cases({f"seed {seed}": int8_case(seed, pointwise=True) for seed in range(16)}, count=2, seed=5)


def test_float_random():
    verify_cases({f"seed {seed}": float_case(seed) for seed in range(15)}, count=2, seed=1)


@pytest.mark.qemu
@pytest.mark.parametrize("seed", [1, 2])
def test_in_qemu(seed):
    verify_model(int8_case(seed), count=2, seed=seed, qemu=True)


def _refused(model: bytes) -> str:
    with pytest.raises(CheckError) as info:
        check(read_model(model))
    return str(info.value)


@pytest.mark.parametrize(
    "dtypes,reason",
    [
        (("int16", "int16", "int16"), "not supported"),
        (("float32", "int8", "float32"), "hybrid"),
    ],
)
def test_refuses_unsupported_types(dtypes, reason):
    b = GraphBuilder()
    x = b.tensor([1, 4, 4, 2], dtypes[0], 0.1, 0)
    f = b.tensor([3, 2, 2, 2], dtypes[1], [0.01], [0], data=np.ones((3, 2, 2, 2)))
    y = b.tensor([1, 4, 4, 3], dtypes[2], 0.1, 0)
    b.op("CONV_2D", [x, f, -1], [y], version=4, padding=SAME, strideH=1, strideW=1)
    assert reason in _refused(b.build([x], [y]))


def test_refuses_wrong_output_shape():
    b = GraphBuilder()
    x = b.tensor([1, 5, 5, 2], "float32")
    f = b.tensor([3, 3, 3, 2], "float32", data=np.ones((3, 3, 3, 2)))
    y = b.tensor([1, 5, 5, 3], "float32")  # VALID gives 3x3
    b.op("CONV_2D", [x, f, -1], [y], version=1, padding=VALID, strideH=1, strideW=1)
    assert "output height/width" in _refused(b.build([x], [y]))


def _requantize(acc, multiplier, shift):
    """TFLite's MultiplyByQuantizedMultiplier on an int64 numpy array (for picking test values only)."""
    ab = acc * (1 << max(shift, 0)) * multiplier
    nudge = np.where(ab >= 0, 1 << 30, 1 - (1 << 30))
    high = np.sign(ab + nudge) * (np.abs(ab + nudge) >> 31)  # C division truncates toward zero
    right = max(-shift, 0)
    mask = (1 << right) - 1
    return (high >> right) + ((high & mask) > (mask >> 1) + (high < 0))


def per_tensor_rounding_case(op_name: str) -> tuple[bytes, list]:
    """A 1x1 convolution over one input value whose biases land exactly where TFLite Micro's double-product
    multiplier (input_scale * filter_scale / output_scale in double, per channel, even for a per-tensor filter)
    and the float-product one FULLY_CONNECTED uses round differently: only the double product matches."""
    from generator.catalog import quant

    in_scale, w_scale, out_scale = 0.000876, 0.00218, 0.487  # real multiplier ~3.9e-6, products 6e-8 apart
    in32, w32, out32 = (float(np.float32(s)) for s in (in_scale, w_scale, out_scale))
    m_double, s_double = quant.quantize_multiplier(in32 * w32 / out32)
    m_float, s_float = quant.quantize_multiplier(float(np.float32(np.float32(in_scale) * np.float32(w_scale))) / out32)
    assert (m_double, s_double) != (m_float, s_float)
    # Accumulators next to every rounding boundary of the output (value + 0.5).
    boundaries = np.round((np.arange(-100, 100) + 0.5) / (in32 * w32 / out32)).astype(np.int64)
    acc = (boundaries[:, None] + np.arange(-8, 9)).reshape(-1)
    differ = acc[_requantize(acc, m_double, s_double) != _requantize(acc, m_float, s_float)]
    assert len(differ) >= 8, "no accumulator separates the two multipliers"
    channels = 8
    targets = differ[np.linspace(0, len(differ) - 1, channels).astype(int)]
    x_value, in_zp, w_value = 37, -5, 1  # acc = w * (x - zp) + bias
    b = GraphBuilder()
    x = b.tensor([1, 1, 1, 1], "int8", in_scale, in_zp)
    if op_name == "CONV_2D":
        f = b.tensor([channels, 1, 1, 1], "int8", [w_scale], [0], data=np.full((channels, 1, 1, 1), w_value))
        opts = {}
    else:
        f = b.tensor([1, 1, 1, channels], "int8", [w_scale], [0], data=np.full((1, 1, 1, channels), w_value))
        opts = {"depthMultiplier": channels}
    bias = b.tensor([channels], "int32", [in_scale * w_scale], [0], data=targets - w_value * (x_value - in_zp))
    y = b.tensor([1, 1, 1, channels], "int8", out_scale, 0)
    b.op(op_name, [x, f, bias], [y], version=3, padding=VALID, strideH=1, strideW=1, **opts)
    return b.build([x], [y]), [[np.full((1, 1, 1, 1), x_value, dtype=np.int8)]]


def test_per_tensor_filter_uses_double_product():
    model, sets = per_tensor_rounding_case("CONV_2D")
    verify_model(model, sets=sets)


def test_multiplier_above_one():
    """input_scale * filter_scale > output_scale: QuantizeMultiplier's positive (left) shift."""
    rng = np.random.default_rng(7)
    b = GraphBuilder()
    x = b.tensor([1, 6, 6, 2], "int8", 0.05, 3)
    f = b.tensor([3, 1, 2, 2], "int8", [0.02, 0.03, 0.045], [0, 0, 0], data=rng.integers(-2, 3, size=(3, 1, 2, 2)))
    bias = b.tensor([3], "int32", [0.001, 0.0015, 0.00225], [0, 0, 0], data=[5, -7, 0])
    y = b.tensor([1, 6, 6, 3], "int8", 0.0004, -3)
    b.op("CONV_2D", [x, f, bias], [y], version=3, padding=SAME, strideH=1, strideW=1)
    verify_model(b.build([x], [y]), count=3, seed=7)


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


@pytest.mark.qemu
def test_channel_scales_across_the_float_range():
    verify_model(extreme_scales_case("CONV_2D"), count=3, seed=17)
    verify_model(extreme_scales_case("CONV_2D"), count=1, seed=18, qemu=True)
