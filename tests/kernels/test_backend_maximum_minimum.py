"""MAXIMUM and MINIMUM int8 and int16 on the dsp and mve backends against TFLite Micro, every node asserted to be on
the backend: random broadcast cases (test_maximum_minimum's) plus same-shape rows and one-value operands of odd
lengths around the word (dsp) and vector (mve) widths, full-range values, on the host build (dsp's C path) and in
QEMU (dsp on the Cortex-M4, mve on the Cortex-M55)."""

import pytest
from op_cases import Batch, random_quant

from cases.maximum_minimum import binary_batch
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import merge

BOARDS = {"dsp": "mps2-an386", "mve": "mps3-an547"}


def backends_of(model: bytes, backend: str) -> set[str]:
    return {k.backend for k in check(read_model(model), backends=[backend, "reference"]).kernels}


def rows_batch(op_name: str, dtype: str, seed: int):
    """Same-shape operands and one-value operands (either side), lengths 1 to 70 and a few hundred."""
    b = Batch(seed)
    for length in (1, 3, 4, 7, 8, 15, 16, 17, 33, 70, 301):
        q = random_quant(b.rng, dtype)
        shape = [1, length] if length < 100 else [7, length // 7]
        kind = int(b.rng.integers(0, 3))  # 0: same shape, 1: the second a single value, 2: the first
        shapes = [shape, shape] if kind == 0 else ([shape, [1]] if kind == 1 else [[1, 1], shape])
        x, y = (b.input(s, dtype, q) for s in shapes)
        b.node(op_name, [x, y], [b.output(shape, dtype, q)])
    return b.build(), b.sets()


def cases(backend: str, seed: int):
    """Every op and type: rows and random broadcasts, one model, with its input sets."""
    models, sets = [], None
    for k, op_name in enumerate(("MAXIMUM", "MINIMUM")):
        for j, dtype in enumerate(("int8", "int16")):
            for model, own in (rows_batch(op_name, dtype, seed + 4 * k + j), binary_batch(op_name, dtype, seed + j)):
                assert backends_of(model, backend) == {backend}
                models.append(model)
                sets = [[*(sets[i] if sets else []), *own[i]] for i in range(len(own))]
    return merge(models), sets


def test_dsp_on_the_host():
    model, sets = cases("dsp", 90)
    verify_model(model, sets=sets, backends=["dsp", "reference"])


@pytest.mark.qemu
@pytest.mark.parametrize("backend", ["dsp", "mve"])
def test_in_qemu(backend):
    model, sets = cases(backend, 95)
    verify_model(model, sets=sets, backends=[backend, "reference"], qemu=True, board=BOARDS[backend])
