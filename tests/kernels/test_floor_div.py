"""FLOOR_DIV and FLOOR_MOD: 20 random broadcast cases per op in one model each, against TFLite Micro on the host
build; both in QEMU."""

import pytest
from op_cases import Batch

from cases.comparisons import model_of
from cases.floor_div import nonzero
from cases.maximum_minimum import binary_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model


@pytest.mark.parametrize("op_name, seed", [("FLOOR_DIV", 1), ("FLOOR_MOD", 2)])
def test_random(op_name, seed):
    model, sets = binary_batch(op_name, "float32", seed, values=nonzero)
    verify_model(model, sets=sets)


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(4)
    for op_name in ("FLOOR_DIV", "FLOOR_MOD"):
        x, y = b.input([2, 1, 3], "float32", values=nonzero), b.input([4, 1], "float32", values=nonzero)
        b.node(op_name, [x, y], [b.output([2, 4, 3], "float32")])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize("op_name", ["FLOOR_DIV", "FLOOR_MOD"])
def test_rejects_unsupported(op_name):
    with pytest.raises(CheckError, match=r"INT32/INT32/INT32 are not supported \(float32\)"):
        check(read_model(model_of(op_name, ("int32",) * 3)))
