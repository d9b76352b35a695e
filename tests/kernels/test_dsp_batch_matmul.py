"""BATCH_MATMUL in the dsp backend: 20 random int8 nodes and 20 int16 ones per model (ranks 2 to 5, broadcast
batches, adj_x / adj_y, variable and constant rhs, depths around the 4-value and 2-value steps, column counts around
the 4-row and 2-row blocks) against TFLite Micro on the host build, and in QEMU on the Cortex-M4 and the Cortex-M33;
every node must go to the dsp backend."""

import pytest
from op_cases import Batch

from cases.batch_matmul import batch_matmul_node, shapes
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["dsp", "reference"]


def model(seed: int, nodes: int, dtypes=("int8",)) -> tuple[bytes, Batch]:
    b = Batch(seed)
    for dtype in dtypes:
        for _ in range(nodes):
            lhs_batch, rhs_batch, m, n, k = shapes(b.rng)
            n, k = n + int(b.rng.integers(0, 6)), k + int(b.rng.integers(0, 12))
            flags = [bool(v) for v in b.rng.integers(0, 2, size=3)]
            batch_matmul_node(b, dtype, lhs_batch, rhs_batch, m, n, k, *flags)
    built = b.build()
    assert {k.backend for k in check(read_model(built), backends=BACKENDS).kernels} == {"dsp"}
    return built, b


def test_random():
    built, b = model(80, 20)
    verify_model(built, sets=b.sets(), backends=BACKENDS)


@pytest.mark.parametrize("seed", [82, 83])
def test_int16_random(seed):
    built, b = model(seed, 20, dtypes=("int16",))
    verify_model(built, sets=b.sets(), backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])
def test_in_qemu(board):
    built, b = model(81, 3, dtypes=("int8", "int16"))
    verify_model(built, sets=b.sets(1), qemu=True, backends=BACKENDS, board=board)
