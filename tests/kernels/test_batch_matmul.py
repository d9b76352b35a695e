"""BATCH_MATMUL: 20 random nodes per type (int8, int16, float32) in one model each, against TFLite Micro on the host
build: ranks 2 to 5, broadcast batch dimensions, adj_x / adj_y, variable and constant rhs; every type in QEMU on
a Cortex-M4 and an ARMv8-M board; and the nodes TFLite Micro refuses."""

import pytest
from op_cases import Batch

from cases.batch_matmul import batch_matmul_node, shapes
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("dtype", ["int8", "int16", "float32"])
def test_random(dtype):
    b = Batch(["int8", "int16", "float32"].index(dtype) + 60)
    for _ in range(20):
        flags = [bool(v) for v in b.rng.integers(0, 2, size=3)]
        batch_matmul_node(b, dtype, *shapes(b.rng), *flags)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])
def test_in_qemu(board):
    b = Batch(8)
    for dtype in ("int8", "int16", "float32"):
        batch_matmul_node(b, dtype, [2, 1], [3], 3, 4, 5, dtype == "int8", dtype != "int16", dtype == "float32")
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def _refused(lhs_shape, rhs_shape, out_shape, dtypes=("int8",) * 3, zero_point=0) -> str:
    g = GraphBuilder()
    x = g.tensor(lhs_shape, dtypes[0], 0.1, zero_point)
    y = g.tensor(rhs_shape, dtypes[1], 0.1, zero_point)
    out = g.tensor(out_shape, dtypes[2], 0.1, zero_point)
    g.op("BATCH_MATMUL", [x, y], [out], version=1)
    with pytest.raises(CheckError) as info:
        check(read_model(g.build([x, y], [out])))
    return str(info.value)


def test_refuses_what_tflite_micro_refuses():
    assert "do not broadcast" in _refused([2, 3, 4], [3, 4, 5], [2, 3, 5])
    assert "depth" in _refused([3, 4], [5, 6], [3, 6])
    assert "not one of" in _refused([3, 4], [4, 5], [3, 5], ("float32", "int8", "float32"))
    assert "symmetric" in _refused([3, 4], [4, 5], [3, 5], ("int16",) * 3, zero_point=3)
    assert "rank 2 to 5" in _refused([1, 1, 1, 1, 3, 4], [4, 5], [1, 1, 1, 1, 3, 5])
