"""int8 LOGISTIC and TANH in the dsp and mve backends (a 256-entry table the generator computes with the reference
kernel's integer steps): every int8 input value through nodes of random and extreme input scales and zero points,
each node asserted to be on the backend, against TFLite Micro: the dsp kernel on the host build (whole words and a
tail), both kernels in QEMU (Cortex-M4, Cortex-M55: sixteen-byte vectors and a predicated tail)."""

import numpy as np
import pytest
from activation_cases import ALL_INT8, EXTREME_SCALES
from op_cases import Batch

from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model

OUTPUTS = {"LOGISTIC": (1.0 / 256, -128), "TANH": (1.0 / 128, 0)}


def every_value(shape):
    return lambda rng, s: np.resize(rng.permutation(ALL_INT8), int(np.prod(s))).reshape(s)


def activation_batch(seed: int, scales, shapes) -> Batch:
    """Per op, one node per input scale (random zero points, including the extremes), each input holding every
    int8 value (repeated to the shape's size)."""
    b = Batch(seed)
    for op, (out_scale, out_zp) in OUTPUTS.items():
        for k, (in_scale, shape) in enumerate(zip(scales, shapes)):
            zp = [-128, 127, 0][k] if k < 3 else int(b.rng.integers(-128, 128))
            x = b.input(shape, "int8", (in_scale, zp), values=every_value(shape))
            b.node(op, [x], [b.output(shape, "int8", (out_scale, out_zp))], version=int(b.rng.integers(2, 4)))
    return b


def assert_on(model: bytes, backends: list[str]) -> None:
    assert {k.backend for k in check(read_model(model), backends=backends).kernels} == {backends[0]}


def test_random_and_extreme_scales_on_host():
    rng = np.random.default_rng(5)
    scales = [0.05, 0.004, 0.3, *EXTREME_SCALES, *(rand_scale(rng, 1e-3, 0.5) for _ in range(8))]
    shapes = [[256], [259], [2, 131], *([[256]] * (len(scales) - 3))]
    b = activation_batch(11, scales, shapes)
    model, backends = b.build(), ["dsp", "reference"]
    assert_on(model, backends)
    verify_model(model, sets=b.sets(2), backends=backends)


@pytest.mark.qemu
@pytest.mark.parametrize(("board", "backend"), [("mps2-an386", "dsp"), ("mps3-an547", "mve")])
def test_in_qemu(board, backend):
    b = activation_batch(12, [0.05, 0.02, 2.0**-27.5, 7.0], [[256], [1, 263], [3, 5, 17], [256]])
    model, backends = b.build(), [backend, "reference"]
    assert_on(model, backends)
    verify_model(model, sets=b.sets(2), backends=backends, qemu=True, board=board)
