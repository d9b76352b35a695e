"""MUL in the dsp and mve backends (int8 and int16, mul_s*_dsp.c, mul_s*_mve.c): random nodes with every kind of
broadcast the reference takes (same shape, scalar-like, some dimensions broadcast, fewer leading dimensions), random
scales (multipliers from 2^-10 to 2^8: right and left shifts), zero points, fused activations and constant
operands, and extreme nodes at the limits of the dsp backend's int8 requantization (which it refuses past them,
leaving them to the reference kernel); every node asserted to be on the backend expected, against TFLite Micro bit
for bit: the dsp kernels on the host build, both backends in QEMU (Cortex-M4, Cortex-M55)."""

import pytest
from op_cases import Batch, random_values

from cases.add import ACTIVATIONS, broadcast_shapes
from cases.mul import int16_out_scale, out_scale
from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model

# Exact powers of two (float32 scales) make the multiplier exactly 2^30 and the results of small inputs often
# exactly halfway between two integers, where the rounding of each sign shows: those nodes take inputs within
# SPREAD of their zero point (the others full-range ones), so that their outputs do not saturate.
SPREAD = 20
INT8_EXTREMES = [  # (input 1 scale, input 2 scale, output scale, zero point of every tensor, dsp claims it)
    (0.2, 0.2, 0.04 / 2**13.5, -128, True),  # left shift 14: twice the largest product (255^2) shifted still fits
    (0.2, 0.2, 0.04 / 2**14.5, -128, False),  # left shift 15 (TFLite's limit) with products up to 255^2: it would not
    (0.2, 0.2, 0.04 / 2**14.5, 0, True),  # ... with products up to 128^2 it does
    (0.01, 0.01, 1e-4 * 2**25.5, 0, True),  # right shift 25, zero point 0
    (0.01, 0.01, 1e-4 * 2**25.5, 127, False),  # ... the zero point times 2^25 overflows the rounding offset
    (0.05, 0.05, 0.0025, 127, True),  # a multiplier of exactly 1 (2^30, left shift 1)
    (2**-5, 2**-5, 2**-8, 3, True),  # 1/4 (2^30, right shift 1), inputs near the zero point
]


def near(zero_point: int, dtype: str = "int8"):
    return lambda rng, shape: (rng.integers(-SPREAD, SPREAD + 1, size=shape) + zero_point).astype(dtype)


def int8_node(b: Batch, scales=None, zero_point=None) -> None:
    """A random int8 node (shapes, scales around out_scale's, zero points, activation, a constant operand in about
    a quarter), or one of fixed scales and zero point over full-range same-shape inputs."""
    out_shape, shape1, shape2 = broadcast_shapes(b.rng) if scales is None else ([4, 33],) * 3
    s1, s2, so = scales or (rand_scale(b.rng, 0.005, 0.2), rand_scale(b.rng, 0.005, 0.2), out_scale(b.rng))
    zps = [zero_point if scales else int(b.rng.integers(-128, 128)) for _ in range(3)]
    values = near(zps[0]) if scales and so == 2**-8 else None
    x1 = b.input(shape1, "int8", (s1, zps[0]), values)
    if scales is None and b.rng.integers(0, 4) == 0:
        x2 = b.constant(random_values(b.rng, "int8", shape2), "int8", (s2, zps[1]))
    else:
        x2 = b.input(shape2, "int8", (s2, zps[1]), values)
    y = b.output(out_shape, "int8", (so, zps[2]))
    activation = 0 if scales else int(b.rng.choice(ACTIVATIONS))
    b.node("MUL", [x1, x2], [y], version=2, fusedActivationFunction=activation)


INT16_EXTREMES = [  # (input 1 scale, input 2 scale, output scale): shift 0 (dsp: one-step path), the largest shifts
    (0.01, 0.01, 1e-4 / 0.7),  # shift 0
    (1e-4, 1e-4, 1e-8 * 2**31.5),  # right shift 31
    (1e-4, 1e-4, 1e-8 * 2**30.5),  # right shift 30
    (2**-7, 2**-7, 2**-12),  # 1/4 (2^30, right shift 1), inputs near zero
]


def extreme_int16_values(rng, shape):
    """Full-range values starting with the extremes: products of 2^30 (the largest) and -(2^30 - 2^15)."""
    values = random_values(rng, "int16", shape)
    values.flat[:4] = [-32768, -32768, 32767, -32768]
    return values


def int16_node(b: Batch, scales=None) -> None:
    out_shape, shape1, shape2 = broadcast_shapes(b.rng) if scales is None else ([3, 40],) * 3
    s1, s2 = scales[:2] if scales else (rand_scale(b.rng, 1e-4, 1e-2), rand_scale(b.rng, 1e-4, 1e-2))
    values = None if scales is None else near(0, "int16") if scales[2] == 2**-12 else extreme_int16_values
    x1 = b.input(shape1, "int16", (s1, 0), values)
    x2 = b.input(shape2, "int16", (s2, 0), values)
    y = b.output(out_shape, "int16", (scales[2] if scales else int16_out_scale(b.rng, s1, s2), 0))
    b.node("MUL", [x1, x2], [y], version=4, fusedActivationFunction=int(b.rng.choice(ACTIVATIONS)))


def mul_batch(seed: int, nodes: int, extremes: bool) -> tuple[Batch, list[bool]]:
    """`nodes` random int8 and int16 nodes, then the extremes (int16: full-range products, so the largest,
    2^30, meets the largest shifts); with whether the dsp backend claims each node."""
    b, dsp_claims = Batch(seed), []
    for _ in range(nodes):
        int8_node(b)
        int16_node(b)
        dsp_claims += [True, True]
    for s1, s2, so, zp, claimed in INT8_EXTREMES if extremes else []:
        int8_node(b, (s1, s2, so), zp)
        dsp_claims.append(claimed)
    for scales in INT16_EXTREMES if extremes else []:
        int16_node(b, scales)
        dsp_claims.append(True)
    return b, dsp_claims


def backends_of(model: bytes, backends: list[str]) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=backends).kernels]


def test_dsp_on_host():
    b, dsp_claims = mul_batch(31, 24, extremes=True)
    model, backends = b.build(), ["dsp", "reference"]
    assert backends_of(model, backends) == ["dsp" if c else "reference" for c in dsp_claims]
    verify_model(model, sets=b.sets(2), backends=backends)


@pytest.mark.qemu
@pytest.mark.parametrize(("board", "backend"), [("mps2-an386", "dsp"), ("mps3-an547", "mve")])
def test_in_qemu(board, backend):
    b, dsp_claims = mul_batch(32, 6, extremes=True)
    model, backends = b.build(), [backend, "reference"]
    expected = ["dsp" if c else "reference" for c in dsp_claims] if backend == "dsp" else ["mve"] * len(dsp_claims)
    assert backends_of(model, backends) == expected
    verify_model(model, sets=b.sets(2), backends=backends, qemu=True, board=board)
