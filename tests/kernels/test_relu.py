"""RELU and RELU6: randomized int8 and float32 cases against TFLite Micro, and every int8 input value."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder


def random_shape(rng, max_rank=5, max_elements=500):
    while True:
        shape = [int(rng.integers(1, 7)) for _ in range(int(rng.integers(1, max_rank + 1)))]
        if np.prod(shape) <= max_elements:
            return shape


def unary_case(op_name, seed, dtype="int8", version=None, shape=None, same_quant=False, **options):
    """One unary node; int8 tensors get random scales and zero points (`same_quant`: the output shares the
    input's)."""
    rng = np.random.default_rng(seed)
    shape = shape or random_shape(rng)
    g = GraphBuilder()
    if dtype == "int8":
        in_q = (rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)))
        out_q = in_q if same_quant else (rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)))
        x = g.tensor(shape, "int8", *in_q)
        y = g.tensor(shape, "int8", *out_q)
    else:
        x, y = g.tensor(shape, "float32"), g.tensor(shape, "float32")
    g.op(op_name, [x], [y], version=version or (2 if dtype == "int8" else 1), **options)
    return g.build([x], [y])


def every_int8(shape=(256,)):
    """One input set holding each int8 value once."""
    return [[np.arange(-128, 128, dtype=np.int8).reshape(shape)]]


def wide_floats(seed, shape, count=2, spread=8.0):
    """Float inputs in [-spread, spread] (the default random sets stay in [-3, 3])."""
    rng = np.random.default_rng(seed)
    return [[rng.uniform(-spread, spread, size=shape).astype(np.float32)] for _ in range(count)]


@pytest.mark.parametrize("seed", range(10))
def test_relu_int8_random(seed):
    verify_model(unary_case("RELU", seed), count=2, seed=seed)


@pytest.mark.parametrize("seed", range(4))
def test_relu_int8_every_value(seed):
    verify_model(unary_case("RELU", 50 + seed, shape=[256], same_quant=seed == 0), sets=every_int8())


@pytest.mark.parametrize("seed", range(10))
def test_relu6_int8_random(seed):
    # the output mostly shares the input's quantization, as converters produce; TFLite Micro ignores it anyway
    verify_model(unary_case("RELU6", 100 + seed, same_quant=seed % 3 != 0), count=2, seed=seed)


@pytest.mark.parametrize("seed", range(4))
def test_relu6_int8_every_value(seed):
    verify_model(unary_case("RELU6", 150 + seed, shape=[256], same_quant=True), sets=every_int8())


@pytest.mark.parametrize("op_name", ["RELU", "RELU6"])
@pytest.mark.parametrize("seed", range(3))
def test_float_random(op_name, seed):
    rng = np.random.default_rng(200 + seed)
    shape = random_shape(rng)
    verify_model(unary_case(op_name, 200 + seed, dtype="float32", shape=shape), sets=wide_floats(seed, shape))


@pytest.mark.qemu
@pytest.mark.parametrize("op_name", ["RELU", "RELU6"])
def test_in_qemu(op_name):
    verify_model(unary_case(op_name, 7, shape=[256], same_quant=op_name == "RELU6"), sets=every_int8(), qemu=True)


def unary_model(op_name, types=("int8", "int8"), scales=(0.05, 0.05), version=1, **options) -> bytes:
    g = GraphBuilder()
    x, y = (
        g.tensor([2, 3], dtype, scale if dtype != "float32" else None, 0 if dtype != "float32" else None)
        for dtype, scale in zip(types, scales)
    )
    g.op(op_name, [x], [y], version=version, **options)
    return g.build([x], [y])


def check_rejections(op_name, **options):
    for types, reason in [
        (("int16", "int16"), "INT16/INT16 are not supported"),
        (("uint8", "uint8"), "UINT8/UINT8 are not supported"),
        (("int8", "float32"), "INT8/FLOAT32 are not supported"),
    ]:
        with pytest.raises(CheckError, match=reason):
            check(read_model(unary_model(op_name, types, **options)))


@pytest.mark.parametrize("op_name", ["RELU", "RELU6"])
def test_rejects_unsupported(op_name):
    check_rejections(op_name)
