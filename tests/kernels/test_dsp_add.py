"""ADD in the dsp backend: randomized int8 same-shape cases (scales, zero points, fused activations, a constant
operand now and then, the residual-block shapes) against TFLite Micro, on the host build and on the Cortex-M4
and Cortex-M7 in QEMU; every case asserts that the node went to the dsp backend. Broadcasting and float32
nodes fall back to the reference kernel."""

import numpy as np
import pytest

from cases.add import binary_model
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, rand_scale, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]


def add_case(seed: int, shapes=None, dtype="int8") -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(v) for v in rng.integers(1, 9, size=int(rng.integers(1, 5)))]
    shape1, shape2 = shapes or (shape, shape)
    constant = int(rng.integers(-1, 2)) if shapes is None and dtype == "int8" else -1
    g = GraphBuilder()
    ids = []
    for k, s in enumerate((shape1, shape2)):
        if dtype == "int8":
            data = rng.integers(-128, 128, size=s) if k == constant else None
            ids.append(g.tensor(s, "int8", rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)), data=data))
        else:
            ids.append(g.tensor(s, "float32"))
    out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
    activation = int(rng.choice([0, 1, 2, 3]))
    if dtype == "int8":
        y = g.tensor(out_shape, "int8", rand_scale(rng, 0.01, 0.3), int(rng.integers(-128, 128)))
    else:
        y = g.tensor(out_shape, "float32")
    g.op("ADD", ids, [y], version=2 if dtype == "int8" else 1, fusedActivationFunction=activation)
    return g.build([i for k, i in enumerate(ids) if k != constant], [y])


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


@pytest.mark.parametrize("seeds", seed_groups(30), ids=str)
def test_random(seeds):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in seeds})
    verify_cases(cases, count=3, seed=seeds[0], backends=BACKENDS)


def test_residual_block_shape():
    model = add_case(100, shapes=([1, 32, 32, 16], [1, 32, 32, 16]))
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in (1, 4)})
    verify_cases(cases, count=3, seed=1, backends=BACKENDS, qemu=True, board=board)


def test_fallbacks():
    cases = {
        "broadcast": add_case(2, shapes=([2, 3, 4], [1, 4])),
        "int16": binary_model("ADD", types=("int16",) * 3, scales=(0.001, 0.002, 0.004), version=3),
    }
    verify_cases(on_backend("reference", BACKENDS, cases), count=2, backends=BACKENDS)
    assert backend_of(add_case(3, dtype="float32")) == "reference"
