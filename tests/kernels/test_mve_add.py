"""ADD in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547: randomized int8 cases
of equal input shapes (element counts around the 4-lane vector, scales either way round, fused activations) and
int16 cases with broadcasting (random broadcast shapes, odd sizes, zero points 0 and not), the in-place case, each
node checked to run on the mve kernel; int8 broadcasting stays with the reference kernel."""

import numpy as np
import pytest

from cases.add import add_out_scale, int16_batch
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def add_case(seed: int, shape2=None) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [1, int(rng.integers(1, 9)), int(rng.integers(1, 9)), int(rng.choice([1, 3, 4, 16, 17]))]
    s1, s2 = rand_scale(rng, 0.005, 0.2), rand_scale(rng, 0.005, 0.2)
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale = (s1 + s2) * float(np.exp(rng.uniform(-0.3, 0.6)))
    g = GraphBuilder()
    a = g.tensor(shape, "int8", s1, int(rng.integers(-128, 128)))
    b = g.tensor(shape2 or shape, "int8", s2, int(rng.integers(-128, 128)))
    y = g.tensor(shape, "int8", out_scale, int(rng.integers(-128, -100)) if activation else int(rng.integers(-20, 20)))
    g.op("ADD", [a, b], [y], version=2, fusedActivationFunction=activation)
    return g.build([a, b], [y])


def int16_case(seed: int) -> bytes:
    """Random int16 nodes (int16_batch: broadcast shapes, constants, activations), then odd sizes against a row,
    a single value and one another, one with an input zero point."""
    b = int16_batch("ADD", seed, nodes=12)
    for (shape1, zp1), shape2, out in [
        (([1, 7, 9, 19], 0), [1, 7, 9, 19], [1, 7, 9, 19]),
        (([2, 5, 5, 13], 0), [13], [2, 5, 5, 13]),
        (([1], 0), [3, 11, 7], [3, 11, 7]),
        (([4, 1, 9], 7), [4, 6, 1], [4, 6, 9]),
    ]:
        s1, s2 = (float(b.rng.uniform(1e-4, 1e-2)) for _ in range(2))
        x1, x2 = b.input(shape1, "int16", (s1, zp1)), b.input(shape2, "int16", (s2, 0))
        y = b.output(out, "int16", (add_out_scale(b.rng, s1, s2), int(b.rng.integers(-50, 50))))
        b.node("ADD", [x1, x2], [y], version=3, fusedActivationFunction=int(b.rng.integers(0, 4)))
    return b.build()


@pytest.mark.qemu
def test_random():
    """int8 and int16 nodes in one firmware."""
    cases = {f"seed {seed}": add_case(seed) for seed in range(12)}
    int16 = int16_case(5)
    assert backends_of(int16) == ["mve"] * 16
    cases = {**on_backend("mve", BACKENDS, cases), "int16": int16}
    verify_cases(cases, count=2, seed=1, qemu=True, backends=BACKENDS, board=BOARD)


@pytest.mark.qemu
def test_in_place_chain():
    """A residual chain: each ADD may overwrite the input it consumes last."""
    g = GraphBuilder()
    shape = [1, 6, 6, 8]
    x = g.tensor(shape, "int8", 0.05, 3)
    h = g.tensor(shape, "int8", 0.07, -2)
    y = g.tensor(shape, "int8", 0.09, 1)
    z = g.tensor(shape, "int8", 0.11, 0)
    g.op("ADD", [x, x], [h], version=2)
    g.op("ADD", [h, x], [y], version=2, fusedActivationFunction=1)
    g.op("ADD", [y, h], [z], version=2)
    model = g.build([x], [z])
    assert backends_of(model) == ["mve"] * 3
    verify_model(model, count=2, qemu=True, backends=BACKENDS, board=BOARD)


def test_broadcast_stays_with_the_reference():
    assert backends_of(add_case(3, shape2=[1, 1, 1, 1])) == ["reference"]
