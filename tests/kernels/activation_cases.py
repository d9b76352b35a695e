"""The tests LOGISTIC and TANH share (their int8 kernels scale the input to Q4.27 the same way): randomized int8
cases with every int8 input value, extreme input scales and zero points, float32 cases. A test module subclasses
ActivationTests with the op and the int8 output quantization TFLite Micro's values assume."""

import numpy as np
import pytest

from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

ALL_INT8 = np.arange(-128, 128, dtype=np.int8)
EXTREME_SCALES = [
    2.0**-27.5,  # left shift 0: the smallest scale TFLite's set-up handles
    1e-6,
    1e-4,
    0.01,
    0.0625,
    0.1,
    0.3,
    1.0,
    7.0,  # radius 2: most inputs saturate
    16.0,  # radius 0: every input saturates
    1000.0,
]


def int8_case(op: str, seed: int, out_scale: float, out_zp: int, in_scale=None, in_zp=None, shape=None):
    """A model whose input holds 256 elements (or `shape`), and an input set with every int8 value."""
    rng = np.random.default_rng(seed)
    shape = shape or [[256], [2, 128], [4, 8, 8], [1, 4, 4, 16]][seed % 4]
    in_scale = in_scale if in_scale is not None else rand_scale(rng, 1e-3, 0.5)
    in_zp = in_zp if in_zp is not None else int(rng.integers(-128, 128))
    g = GraphBuilder()
    x = g.tensor(shape, "int8", in_scale, in_zp)
    y = g.tensor(shape, "int8", out_scale, out_zp)
    g.op(op, [x], [y], version=int(rng.integers(2, 4)))
    every_value = [rng.permutation(ALL_INT8).reshape(shape)] if int(np.prod(shape)) == 256 else []
    return g.build([x], [y]), every_value


def float_case(op: str, seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(rng.integers(1, 5)) for _ in range(int(rng.integers(1, 4)))] + [int(rng.integers(1, 40))]
    g = GraphBuilder()
    x = g.tensor(shape, "float32")
    y = g.tensor(shape, "float32")
    g.op(op, [x], [y], version=1)
    return g.build([x], [y])


def verify_floats(op: str, values: list[float]) -> None:
    """One float32 node over exactly these input values."""
    array = np.array(values, dtype=np.float32)
    g = GraphBuilder()
    x = g.tensor([array.size], "float32")
    y = g.tensor([array.size], "float32")
    g.op(op, [x], [y], version=1)
    verify_model(g.build([x], [y]), sets=[[array]])


def verify_int8(model, every_value, seed):
    verify_model(model, sets=[every_value] if every_value else None, count=2, seed=seed)
    verify_model(model, count=1, seed=seed)


class ActivationTests:
    OP = ""
    OUT_SCALE = 0.0
    OUT_ZP = 0

    def int8_case(self, seed, **kwargs):
        return int8_case(
            self.OP, seed, kwargs.pop("out_scale", self.OUT_SCALE), kwargs.pop("out_zp", self.OUT_ZP), **kwargs
        )

    @pytest.mark.parametrize("seed", range(12))
    def test_int8_random(self, seed):
        verify_int8(*self.int8_case(seed), seed)

    @pytest.mark.parametrize("in_scale", EXTREME_SCALES)
    def test_int8_extreme_scales(self, in_scale):
        seed = int(abs(np.log2(in_scale)) * 100)
        verify_int8(*self.int8_case(seed, in_scale=in_scale), seed)

    @pytest.mark.parametrize("in_zp", [-128, 0, 127])
    def test_int8_extreme_zero_points(self, in_zp):
        verify_int8(*self.int8_case(in_zp + 300, in_zp=in_zp, in_scale=0.05), in_zp + 300)

    def test_int8_odd_shape(self):
        verify_model(self.int8_case(8, shape=[3, 7, 5])[0], count=3, seed=8)

    @pytest.mark.parametrize("seed", range(5))
    def test_float_random(self, seed):
        verify_model(float_case(self.OP, seed), count=2, seed=seed)

    @pytest.mark.qemu
    def test_in_qemu(self):
        model, every_value = self.int8_case(2)
        verify_model(model, sets=[every_value], qemu=True)

    @pytest.mark.qemu
    def test_float_in_qemu(self):
        verify_model(float_case(self.OP, 4), count=2, seed=4, qemu=True)
