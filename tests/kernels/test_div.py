"""DIV: 20 random broadcast cases per type (fused activations, constant operands) in one model each, against
TFLite Micro on the host build; one model of every type in QEMU."""

import numpy as np
import pytest
from op_cases import Batch

from cases.div import div_batch, dividend_values, divisor_values, int8_quant
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int32", "int8"]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    model, sets = div_batch(dtype, seed=TYPES.index(dtype))
    verify_model(model, sets=sets)


def _every_pair(b, q1, q2, qo):
    """A DIV node over every int8 dividend against every int8 divisor but the divisor's zero point."""
    x = b.input([256, 1], "int8", q1, lambda rng, s: np.arange(-128, 128, dtype=np.int8).reshape(s))
    y = b.input(
        [1, 256],
        "int8",
        q2,
        lambda rng, s, z=q2[1]: (
            np.where(np.arange(-128, 128) == z, z + 1 if z < 127 else z - 1, np.arange(-128, 128))
            .astype(np.int8)
            .reshape(s)
        ),
    )
    b.node("DIV", [x, y], [b.output([256, 256], "int8", qo)], version=2)


def test_int8_every_pair():
    """Every dividend against every divisor but the zero point, for a few quantizations."""
    b = Batch(40)
    for _ in range(3):
        q1, q2, qo = int8_quant(b.rng)
        _every_pair(b, q1, q2, qo)
    verify_model(b.build(), sets=b.sets(1))


def test_int8_double_precision_setup():
    """Every pair under quantizations whose output multiplier differs between float and double set-up math."""
    b = Batch(5)
    # 0.05 / (0.05 * 1.5): the float quotient rounds 0.75 / 1.5 below the half, the double one onto it
    x = b.input([256, 1], "int8", (0.05, 0), lambda rng, s: np.arange(-128, 128, dtype=np.int8).reshape(s))
    y = b.input([1, 2], "int8", (0.05, 0), lambda rng, s: np.array([[-100, 100]], np.int8))
    b.node("DIV", [x, y], [b.output([256, 2], "int8", (1.5, 3))], version=2)
    found = 0
    while found < 8:
        q1, q2, qo = int8_quant(b.rng)
        s1, s2, so = (np.float32(q[0]) for q in (q1, q2, qo))
        if np.float32(s1 / (s2 * so)) == np.float32(float(s1) / (float(s2) * float(so))):
            continue
        found += 1
        _every_pair(b, q1, q2, qo)
    verify_model(b.build(), sets=b.sets(1))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(11)
    for dtype in TYPES:
        q1, q2, qo = int8_quant(b.rng) if dtype == "int8" else (None, None, None)
        x = b.input([2, 1, 3], dtype, q1, dividend_values(dtype))
        y = b.input([4, 1], dtype, q2, divisor_values(dtype, q2[1] if q2 else 0))
        b.node(
            "DIV",
            [x, y],
            [b.output([2, 4, 3], dtype, qo)],
            version=2 if dtype == "int8" else 1,
            fusedActivationFunction=1,
        )
    # every dividend over large divisors with a small output multiplier: quotient shifts beyond 31 bits
    x = b.input([256, 1], "int8", (0.05, 0), lambda rng, s: np.arange(-128, 128, dtype=np.int8).reshape(s))
    y = b.input([1, 6], "int8", (0.05, 0), lambda rng, s: np.array([[-128, -100, -77, 90, 111, 127]], np.int8))
    b.node("DIV", [x, y], [b.output([256, 6], "int8", (1.5, 3))], version=2)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def div_model(types, scales=(0.05, 0.05, 0.001), activation=0) -> bytes:
    g = GraphBuilder()
    ids = [g.tensor([2, 3], t, s if t == "int8" else None, 0 if t == "int8" else None) for t, s in zip(types, scales)]
    g.op("DIV", ids[:2], [ids[2]], fusedActivationFunction=activation)
    return g.build(ids[:2], [ids[2]])


@pytest.mark.parametrize(
    "types, scales, activation, reason",
    [
        (("int16",) * 3, (0.05, 0.05, 0.001), 0, r"INT16/INT16/INT16 are not supported \(float32 or int32 or int8\)"),
        (("float32",) * 3, (0.05, 0.05, 0.001), 4, "fused activation TANH is not supported"),
        (("int8",) * 3, (0.5, 0.001, 1e-6), 0, r"too large for TFLite Micro's int8 DIV \(output shift 29 > 23\)"),
    ],
)
def test_rejects_unsupported(types, scales, activation, reason):
    with pytest.raises(CheckError, match=reason):
        check(read_model(div_model(types, scales, activation)))
