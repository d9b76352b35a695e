"""ADD in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547: randomized int8 cases
of equal input shapes (element counts around the 4-lane vector, scales either way round, fused activations), the
in-place case, each node checked to run on the mve kernel; broadcasting stays with the reference kernel."""

import numpy as np
import pytest

from cases.add import binary_model
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


@pytest.mark.qemu
def test_int8_random():
    cases = {f"seed {seed}": add_case(seed) for seed in range(12)}
    verify_cases(on_backend("mve", BACKENDS, cases), count=2, seed=1, qemu=True, backends=BACKENDS, board=BOARD)


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


def test_int16_stays_with_the_reference():
    model = binary_model("ADD", types=("int16",) * 3, scales=(0.001, 0.002, 0.004), version=3)
    assert backends_of(model) == ["reference"]
    verify_model(model, count=2, backends=BACKENDS)
