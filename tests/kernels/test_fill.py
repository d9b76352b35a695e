"""FILL: 20 random cases per type in one model each, against TFLite Micro on the host build; all types in
QEMU."""

import numpy as np
import pytest
from op_cases import Batch

from cases.fill import fill_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int32", "int8"]


@pytest.mark.parametrize("dtype", TYPES)
def test_random(dtype):
    b = fill_batch(dtype, TYPES.index(dtype))
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(2)
    for dtype in TYPES:
        dims = b.constant(np.array([2, 3]), "int32")
        b.node("FILL", [dims, b.input([], dtype)], [b.output([2, 3], dtype)])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "value_type, dims, constant, reason",
    [
        ("int16", [2, 3], True, r"INT16/INT16 are not supported \(float32 or int32 or int8\)"),
        ("float32", [3, 2], True, r"the dims \[3, 2\] differ from the output shape \[2, 3\]"),
        ("float32", [2, 3], False, "Non-constant dims tensor is not supported"),
    ],
)
def test_rejects_unsupported(value_type, dims, constant, reason):
    g = GraphBuilder()
    d = g.tensor([2], "int32", data=np.array(dims) if constant else None)
    v, y = g.tensor([], value_type), g.tensor([2, 3], value_type)
    g.op("FILL", [d, v], [y])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build([v] if constant else [d, v], [y])))
