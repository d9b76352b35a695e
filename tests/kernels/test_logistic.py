"""LOGISTIC: randomized int8 cases (shapes, input scales and zero points; every int8 input value in each
case) and float32 cases against TFLite Micro, bit for bit for int8."""
import numpy as np
import pytest

from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

ALL_INT8 = np.arange(-128, 128, dtype=np.int8)


def int8_case(seed: int, in_scale=None, in_zp=None, out_scale=1.0 / 256, shape=None) -> tuple[bytes, list]:
    """A model whose input holds 256 elements (or `shape`), and an input set with every int8 value."""
    rng = np.random.default_rng(seed)
    shape = shape or [[256], [2, 128], [4, 8, 8], [1, 4, 4, 16]][seed % 4]
    in_scale = in_scale if in_scale is not None else rand_scale(rng, 1e-3, 0.5)
    in_zp = in_zp if in_zp is not None else int(rng.integers(-128, 128))
    g = GraphBuilder()
    x = g.tensor(shape, "int8", in_scale, in_zp)
    y = g.tensor(shape, "int8", out_scale, -128)
    g.op("LOGISTIC", [x], [y], version=int(rng.integers(2, 4)))
    every_value = [rng.permutation(ALL_INT8).reshape(shape)] if int(np.prod(shape)) == 256 else []
    return g.build([x], [y]), every_value


def float_case(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(rng.integers(1, 5)) for _ in range(int(rng.integers(1, 4)))] + [int(rng.integers(1, 40))]
    g = GraphBuilder()
    x = g.tensor(shape, "float32")
    y = g.tensor(shape, "float32")
    g.op("LOGISTIC", [x], [y], version=1)
    return g.build([x], [y])


def _verify_int8(model, every_value, seed):
    verify_model(model, sets=[every_value] if every_value else None, count=2, seed=seed)
    verify_model(model, count=1, seed=seed)


@pytest.mark.parametrize("seed", range(12))
def test_int8_random(seed):
    _verify_int8(*int8_case(seed), seed)


@pytest.mark.parametrize("in_scale", [
    2.0 ** -27.5,  # left shift 0: the smallest scale TFLite's set-up handles
    1e-6, 1e-4, 0.01, 0.0625, 0.1, 0.3, 1.0,
    7.0,           # radius 2: most inputs saturate
    16.0,          # radius 0: every input saturates, zero to -128
    1000.0,
])
def test_int8_extreme_scales(in_scale):
    seed = int(abs(np.log2(in_scale)) * 100)
    _verify_int8(*int8_case(seed, in_scale=in_scale), seed)


@pytest.mark.parametrize("in_zp", [-128, 0, 127])
def test_int8_extreme_zero_points(in_zp):
    _verify_int8(*int8_case(in_zp + 300, in_zp=in_zp, in_scale=0.05), in_zp + 300)


def test_int8_other_output_scale():
    """TFLite Micro only checks the output zero point; the values stay those of scale 1/256."""
    _verify_int8(*int8_case(7, in_scale=0.04, out_scale=0.01), 7)


def test_int8_odd_shape():
    verify_model(int8_case(8, shape=[3, 7, 5])[0], count=3, seed=8)


@pytest.mark.parametrize("seed", range(5))
def test_float_random(seed):
    verify_model(float_case(seed), count=2, seed=seed)


def test_float_cutoffs():
    """Inputs around the reference kernel's cutoffs (-9 and 16.619...) and far beyond."""
    values = np.array([-100, -20, -9.0001, -9, -8.9999, -1e-7, 0, 1e-7, 3, 16.6190, 16.619047164916992188,
                       16.61905, 20, 100, 88.8, -88.8], dtype=np.float32)
    g = GraphBuilder()
    x = g.tensor([values.size], "float32")
    y = g.tensor([values.size], "float32")
    g.op("LOGISTIC", [x], [y], version=1)
    verify_model(g.build([x], [y]), sets=[[values]])


@pytest.mark.qemu
def test_in_qemu():
    model, every_value = int8_case(2)
    verify_model(model, sets=[every_value], qemu=True)


@pytest.mark.qemu
def test_float_in_qemu():
    verify_model(float_case(4), count=2, seed=4, qemu=True)
