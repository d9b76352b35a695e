"""CONV_2D: randomized int8 (per-channel and per-tensor filters) and float32 cases against TFLite Micro:
strides, dilations, SAME/VALID padding, grouped filters, batches, optional bias, fused activations."""

import numpy as np
import pytest

from cases.conv_2d import SAME, VALID, extreme_scales_case, float_case, int8_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder


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


@pytest.mark.qemu
def test_channel_scales_across_the_float_range():
    verify_model(extreme_scales_case("CONV_2D"), count=3, seed=17)
    verify_model(extreme_scales_case("CONV_2D"), count=1, seed=18, qemu=True)
