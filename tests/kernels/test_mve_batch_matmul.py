"""BATCH_MATMUL in the mve backend (Cortex-M55 Helium): 20 random int8 nodes and 12 int16 ones (ranks 2 to 5,
broadcast batches, adj_x / adj_y, variable and constant rhs, depths around the 16-value vector (int16: the 8-value
one), column counts around the 4-row and 2-row blocks) in one model against TFLite Micro in QEMU on mps3-an547;
every node must go to the mve backend."""

import pytest
from op_cases import Batch

from cases.batch_matmul import batch_matmul_node, shapes
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["mve", "reference"]


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(90)
    for dtype, nodes in (("int8", 20), ("int16", 12)):
        for _ in range(nodes):
            lhs_batch, rhs_batch, m, n, k = shapes(b.rng)
            n, k = n + int(b.rng.integers(0, 6)), k + int(b.rng.integers(0, 30))
            flags = [bool(v) for v in b.rng.integers(0, 2, size=3)]
            batch_matmul_node(b, dtype, lhs_batch, rhs_batch, m, n, k, *flags)
    built = b.build()
    assert {k.backend for k in check(read_model(built), backends=BACKENDS).kernels} == {"mve"}
    verify_model(built, sets=b.sets(), qemu=True, backends=BACKENDS, board="mps3-an547")
