"""ADD in the dsp backend: randomized int8 same-shape cases (scales, zero points, fused activations, a constant
operand now and then, the residual-block shapes) and int16 cases with broadcasting (scales, fused activations,
odd sizes) against TFLite Micro, on the host build and on the Cortex-M4 and Cortex-M7 in QEMU; every case asserts
that the node went to the dsp backend. int8 broadcasting, int16 inputs with zero points and float32 nodes fall
back to the reference kernel."""

import pytest
from op_cases import Batch

from cases.add import add_out_scale, int16_batch
from cases.dsp_add import add_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, seed_groups, verify_cases, verify_model
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]


def backend_of(model: bytes) -> str:
    return check(read_model(model), backends=BACKENDS).kernels[0].backend


@pytest.mark.parametrize("seeds", seed_groups(30), ids=str)
def test_random(seeds):
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in seeds})
    verify_cases(cases, count=3, seed=seeds[0], backends=BACKENDS)


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def int16_shapes_batch(seed: int) -> Batch:
    """Larger int16 nodes than int16_batch's: odd channel counts, a row broadcast and a single value."""
    b = Batch(seed)
    for shape1, shape2, out in [
        ([1, 7, 9, 19], [1, 7, 9, 19], [1, 7, 9, 19]),
        ([2, 5, 5, 13], [13], [2, 5, 5, 13]),
        ([1], [3, 11, 7], [3, 11, 7]),
        ([4, 1, 9], [4, 6, 1], [4, 6, 9]),
    ]:
        s1, s2 = (float(b.rng.uniform(1e-4, 1e-2)) for _ in range(2))
        x1, x2 = b.input(shape1, "int16", (s1, 0)), b.input(shape2, "int16", (s2, 0))
        y = b.output(out, "int16", (add_out_scale(b.rng, s1, s2), 0))
        b.node("ADD", [x1, x2], [y], version=3, fusedActivationFunction=int(b.rng.integers(0, 4)))
    return b


@pytest.mark.parametrize("seed", [0, 1])
def test_int16_random(seed):
    b = int16_batch("ADD", 300 + seed, nodes=30)
    model = b.build()
    assert backends_of(model) == ["dsp"] * 30
    verify_model(model, sets=b.sets(2), backends=BACKENDS)


def test_int16_shapes():
    b = int16_shapes_batch(7)
    model = b.build()
    assert backends_of(model) == ["dsp"] * 4
    verify_model(model, sets=b.sets(2), backends=BACKENDS)


def test_residual_block_shape():
    model = add_case(100, shapes=([1, 32, 32, 16], [1, 32, 32, 16]))
    assert backend_of(model) == "dsp"
    verify_model(model, count=2, backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    b = int16_shapes_batch(8)
    int16 = b.build()
    assert backends_of(int16) == ["dsp"] * 4
    cases = on_backend("dsp", BACKENDS, {f"seed {seed}": add_case(seed) for seed in (1, 4)})
    verify_cases({**cases, "int16": int16}, count=3, seed=1, backends=BACKENDS, qemu=True, board=board)


def test_fallbacks():
    cases = {
        "broadcast": add_case(2, shapes=([2, 3, 4], [1, 4])),
    }
    verify_cases(on_backend("reference", BACKENDS, cases), count=2, backends=BACKENDS)
    g = GraphBuilder()  # an int16 input with a zero point: x << 16 could overflow
    x1, x2, y = (
        g.tensor([2, 3], "int16", 0.001, 5),
        g.tensor([2, 3], "int16", 0.002, 0),
        g.tensor([2, 3], "int16", 0.004, 0),
    )
    g.op("ADD", [x1, x2], [y], version=3)
    assert backend_of(g.build([x1, x2], [y])) == "reference"
    assert backend_of(add_case(3, dtype="float32")) == "reference"
