"""SOFTMAX in the dsp, mve and portable backends (int8 -> int8, int8 -> int16, int16 -> int16; softmax_s8_*.c and
softmax_s16_*.c, the portable backend running the dsp ones' plain C): nodes of random shapes (rows of 1 to 1,000
elements, one of the longest the backends take), input scales, zero points and betas, including the extremes
TFLite's set-up allows, each asserted to be on the backend, against TFLite Micro bit for bit: the dsp kernels on
the host build, every backend in QEMU (Cortex-M4, Cortex-M55, Cortex-M0+). Inputs are full-range or close to their
row maximum, so that many differences fall inside exp()'s range."""

import numpy as np
import pytest
from op_cases import Batch

from cases.softmax import EXTREME_SCALES as INT8_EXTREMES
from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model

OUTPUTS = {"int8": (1.0 / 256, -128), "int16": (1.0 / 65536, -32768)}


def values(spread: int, dtype: str):
    """Random values within `spread` of a random centre, or full range for a spread of None."""
    info = np.iinfo(dtype)

    def make(rng, shape):
        if spread is None:
            return rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dtype)
        centre = int(rng.integers(info.min + spread, info.max - spread + 1))
        return (rng.integers(-spread, spread + 1, size=shape) + centre).astype(dtype)

    return make


def int8_node(b: Batch, shape, in_scale: float, beta: float, out_type: str, spread: int | None = None) -> None:
    x = b.input(shape, "int8", (in_scale, int(b.rng.integers(-128, 128))), values(spread, "int8"))
    y = b.output(shape, out_type, OUTPUTS[out_type])
    b.node("SOFTMAX", [x], [y], version=2 if out_type == "int8" else 3, beta=beta)


def int16_node(b: Batch, shape, in_scale: float, beta: float) -> None:
    spread = [None, 300, 3000][int(b.rng.integers(0, 3))]
    x = b.input(shape, "int16", (in_scale, 0), values(spread, "int16"))
    b.node("SOFTMAX", [x], [b.output(shape, "int16", (1.0 / 32768, 0))], version=3, beta=beta)


def random_shape(rng, long_rows: bool) -> list[int]:
    depth = int(rng.choice([1000, 4095, int(rng.integers(257, 700))])) if long_rows else int(rng.integers(1, 80))
    outer = [int(v) for v in rng.integers(1, 4, size=int(rng.integers(0, 3)))] if not long_rows else [1]
    return outer + [depth]


def softmax_batch(seed: int, nodes: int, extremes: bool) -> Batch:
    """`nodes` random nodes of each type pair, every fourth a long row; with `extremes`, one int8 -> int8 and one
    int8 -> int16 node per extreme (input scale, beta) of test_softmax and int16 nodes at the ends of the scale
    range the int16 set-up takes."""
    b = Batch(seed)
    for k in range(nodes):
        shape = random_shape(b.rng, k % 4 == 3)
        beta = float(b.rng.choice([1.0, b.rng.uniform(0.05, 4.0)]))
        # a long int8 row close to its maximum makes TFLite's int8 -> int8 exponent exceed 31 (it aborts): those
        # rows are full range at scales of 0.05 or more
        long_row = shape[-1] > 80
        spread = None if long_row else [None, 4, 20, 60][int(b.rng.integers(0, 4))]
        for out_type in ("int8", "int16"):
            int8_node(b, shape, rand_scale(b.rng, 0.05 if long_row else 1e-3, 0.5), beta, out_type, spread)
        int16_node(b, shape, rand_scale(b.rng, 1e-4, 2e-3), beta)
    if extremes:
        for in_scale, beta in INT8_EXTREMES:
            for out_type in ("int8", "int16"):
                int8_node(b, [2, 37], in_scale, beta, out_type)
        for in_scale, beta in [(1e-7, 1.0), (3e-5, 0.2), (0.05, 1.0), (0.15, 1.3)]:
            int16_node(b, [3, 29], in_scale, beta)
    return b


def backends_of(model: bytes, backends: list[str]) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=backends).kernels]


def assert_on(model: bytes, backends: list[str]) -> None:
    assert set(backends_of(model, backends)) == {backends[0]}


def test_dsp_on_host():
    b = softmax_batch(21, 12, extremes=True)
    model, backends = b.build(), ["dsp", "reference"]
    assert_on(model, backends)
    verify_model(model, sets=b.sets(2), backends=backends)


@pytest.mark.qemu
@pytest.mark.parametrize(
    ("board", "backend"), [("mps2-an386", "dsp"), ("mps3-an547", "mve"), ("mps2-an385-m0plus", "portable")]
)
def test_in_qemu(board, backend):
    b = softmax_batch(22, 4, extremes=backend == "mve")
    model, backends = b.build(), [backend, "reference"]
    assert_on(model, backends)
    verify_model(model, sets=b.sets(2), backends=backends, qemu=True, board=board)


def test_int16_zero_beta_and_long_rows_stay_on_reference():
    """beta 0 (multiplier 0: the dsp rescaling needs one of at least 2^30) and rows over the backends' depth limit
    (the int8 sum of exps could wrap) are left to the reference kernel, still bit-exact."""
    b = Batch(23)
    int16_node(b, [2, 9], 0.001, 0.0)
    int8_node(b, [1, 4096], 0.2, 1.0, "int16")
    model, backends = b.build(), ["dsp", "reference"]
    assert backends_of(model, backends) == ["reference", "reference"]
    verify_model(model, sets=b.sets(1), backends=backends)
