"""DYNAMIC_UPDATE_SLICE: random operands (1-D to 6-D) of every type TFLite Micro's kernel takes, updates no
larger in any dimension (some as large as the operand), int32 and int64 start indices as graph inputs drawn past
both ends (TFLite Micro clamps them) or as constants, many nodes in one model against TFLite Micro on the host
build; one node of each type in one QEMU firmware on a Cortex-M4."""

import numpy as np
import pytest
from op_cases import Batch

from cases.dynamic_update_slice import update_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16", "int32"]


def random_node(b: Batch, dtype: str):
    rank = int(b.rng.integers(1, 7))
    operand_shape = [int(d) for d in b.rng.integers(1, 5, size=rank)]
    if b.rng.integers(0, 6) == 0:
        update_shape = list(operand_shape)  # replaces the whole operand
    else:
        update_shape = [int(b.rng.integers(0 if b.rng.integers(0, 12) == 0 else 1, d + 1)) for d in operand_shape]
    index_type = "int64" if b.rng.integers(0, 2) else "int32"
    update_node(b, dtype, operand_shape, update_shape, index_type, constant=b.rng.integers(0, 4) == 0)


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = Batch(TYPES.index(dtype))
    for _ in range(20):
        random_node(b, dtype)
    verify_model(b.build(), sets=b.sets(3))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(10)
    for k, dtype in enumerate(TYPES):
        update_node(b, dtype, [3, 4, 5], [2, 1, 3], "int64" if k % 2 else "int32")
    verify_model(b.build(), sets=b.sets(2), qemu=True, board="mps2-an386")


def rejected(operand_shape, update_shape, dtype="float32", update_type=None, index_shape=None) -> str:
    g = GraphBuilder()
    operand = g.tensor(operand_shape, dtype)
    update = g.tensor(update_shape, update_type or dtype)
    indices = g.tensor(index_shape or [len(operand_shape)], "int32")
    out = g.tensor(operand_shape, dtype)
    g.op("DYNAMIC_UPDATE_SLICE", [operand, update, indices], [out])
    with pytest.raises(CheckError) as info:
        check(read_model(g.build([operand, update, indices], [out])))
    return str(info.value)


def test_rejects_what_tflite_micro_does_not_run():
    assert "UINT8 is not supported" in rejected([2, 3], [1, 3], dtype="uint8")
    assert "types FLOAT32/INT32/FLOAT32 differ" in rejected([2, 3], [1, 3], update_type="int32")
    assert "does not fit the operand" in rejected([2, 3], [3, 3])
    assert "does not fit the operand" in rejected([2, 3], [3])
    assert "one index per dimension" in rejected([2, 3], [1, 3], index_shape=[3])
    assert "7 dimensions are not supported" in rejected([1] * 7, [1] * 7)


def test_values_clamp_like_tflite_micro():
    """Indices far outside the operand: the block lands at the nearest position where it fits."""
    b = Batch(20)
    operand = b.input([4, 5], "int32")
    update = b.input([2, 3], "int32")
    indices = b.input([2], "int64")
    b.node("DYNAMIC_UPDATE_SLICE", [operand, update, indices], [b.output([4, 5], "int32")])
    sets = [
        [np.arange(20, dtype=np.int32).reshape(4, 5), -np.ones([2, 3], np.int32), np.array(idx, np.int64)]
        for idx in ([-(2**40), 2**40], [1, 1], [3, -1])
    ]
    verify_model(b.build(), sets=sets)
