"""The tests LOGISTIC and TANH share (their int8 kernels scale the input to Q4.27 the same way, their int16
kernels interpolate one sigmoid table): randomized int8 cases with every int8 input value, extreme input scales
and zero points, int16 nodes batched in one model (power-of-two and other input scales, every int16 value in
two of them), float32 cases. A test module subclasses ActivationTests with the op and the int8 output
quantization TFLite Micro's values assume."""

import numpy as np
import pytest
from op_cases import Batch, random_shape

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases, verify_model
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


ALL_INT16 = np.arange(-32768, 32768, dtype=np.int16)
INT16_OUT_SCALE = 2.0**-15  # TFLite Micro's int16 LOGISTIC and TANH require it, with zero points 0


def int16_node(b: Batch, op: str, in_scale: float, shape=None, every_value=False):
    """One int16 node of `b` (version 3, as TFLite gives int16 LOGISTIC and TANH)."""
    shape = shape or random_shape(b.rng, max_elements=64) or [5]
    values = (lambda rng, s: rng.permutation(ALL_INT16).reshape(s)) if every_value else None
    x = b.input(shape, "int16", (in_scale, 0), values=values)
    b.node(op, [x], [b.output(shape, "int16", (INT16_OUT_SCALE, 0))], version=3)


def int16_batch(op: str, seed: int) -> Batch:
    """Input scales 2^-9 .. 2^-14 (2^-12, and for TANH 2^-11, skip the rescaling), random ones from 3e-6 to 2.5
    (beyond 32767 / 12288 the rescaling overflows), and every int16 value at 2^-12 and at a random scale."""
    b = Batch(seed)
    int16_node(b, op, 2.0**-12, [256, 256], every_value=True)
    int16_node(b, op, rand_scale(b.rng, 1e-4, 1e-3), [65536], every_value=True)
    for exponent in range(9, 15):
        int16_node(b, op, 2.0**-exponent)
    for _ in range(16):
        int16_node(b, op, rand_scale(b.rng, 3e-6, 2.5))
    return b


def int16_model(op: str, in_scale: float, out_scale: float = INT16_OUT_SCALE, zero_point: int = 0) -> bytes:
    g = GraphBuilder()
    x, y = g.tensor([4], "int16", in_scale, zero_point), g.tensor([4], "int16", out_scale, 0)
    g.op(op, [x], [y], version=3)
    return g.build([x], [y])


def rejects(model: bytes, reason: str):
    with pytest.raises(CheckError, match=reason):
        check(read_model(model))


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


def verify_int8_cases(cases: dict, seed: int) -> None:
    """Each case (name: (model, every-value set or [])) on its every-value set and on a random set (full-range
    values, as the harness draws them), all in one project; a case without an every-value set gets two random
    sets in a project of its own."""
    rng = np.random.default_rng(seed)
    with_values = {
        name: (model, [values, [rng.integers(-128, 128, size=values[0].shape, dtype=np.int8)]])
        for name, (model, values) in cases.items()
        if values
    }
    if with_values:
        verify_cases(with_values)
    for model, values in cases.values():
        if not values:
            verify_model(model, count=2, seed=seed)


def verify_int8(model, every_value, seed):
    verify_int8_cases({"case": (model, every_value)}, seed)


class ActivationTests:
    OP = ""
    OUT_SCALE = 0.0
    OUT_ZP = 0

    def int8_case(self, seed, **kwargs):
        return int8_case(
            self.OP, seed, kwargs.pop("out_scale", self.OUT_SCALE), kwargs.pop("out_zp", self.OUT_ZP), **kwargs
        )

    def test_int8_random(self):
        verify_int8_cases({f"seed {seed}": self.int8_case(seed) for seed in range(12)}, seed=1)

    def test_int8_extreme_scales(self):
        cases = {
            f"scale {in_scale}": self.int8_case(int(abs(np.log2(in_scale)) * 100), in_scale=in_scale)
            for in_scale in EXTREME_SCALES
        }
        verify_int8_cases(cases, seed=2)

    def test_int8_extreme_zero_points(self):
        cases = {f"zero point {zp}": self.int8_case(zp + 300, in_zp=zp, in_scale=0.05) for zp in (-128, 0, 127)}
        verify_int8_cases(cases, seed=3)

    def test_int8_odd_shape(self):
        verify_model(self.int8_case(8, shape=[3, 7, 5])[0], count=3, seed=8)

    def test_float_random(self):
        verify_cases({f"seed {seed}": float_case(self.OP, seed) for seed in range(5)}, count=2, seed=4)

    def test_int16_random(self):
        b = int16_batch(self.OP, 40)
        verify_model(b.build(), sets=b.sets())

    def test_int16_rejects(self):
        rejects(int16_model(self.OP, 2.0**-12, out_scale=1.0 / 256), r"needs output scale 2\^-15")
        rejects(int16_model(self.OP, 2.0**-12, zero_point=3), "needs zero points 0")
        rejects(int16_model(self.OP, 3.0), "too large for the int16 rescaling")

    @pytest.mark.qemu
    def test_in_qemu(self):
        """Every int8 value through an int8 node and an int16 node of each kind (power-of-two and rescaled input
        scale) in one firmware."""
        b = Batch(2)
        x = b.input([256], "int8", (0.05, 3), values=lambda rng, s: rng.permutation(ALL_INT8).reshape(s))
        b.node(self.OP, [x], [b.output([256], "int8", (self.OUT_SCALE, self.OUT_ZP))], version=2)
        int16_node(b, self.OP, 2.0**-12, [64])
        int16_node(b, self.OP, 3e-4, [64])
        verify_model(b.build(), sets=b.sets(1), qemu=True)

    @pytest.mark.qemu
    def test_float_in_qemu(self):
        verify_model(float_case(self.OP, 4), count=2, seed=4, qemu=True)
