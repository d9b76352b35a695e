"""MAXIMUM and MINIMUM: 20 random broadcast cases per op and type in one model each, against TFLite Micro on the
host build; one model of every op and type in QEMU."""

import pytest
from op_cases import Batch, random_quant

from cases.maximum_minimum import binary_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

TYPES = ["float32", "int8", "int16", "int32", "int64"]


@pytest.mark.parametrize("op_name", ["MAXIMUM", "MINIMUM"])
@pytest.mark.parametrize("dtype", TYPES)
def test_random(op_name, dtype):
    model, sets = binary_batch(
        op_name,
        dtype,
        seed=TYPES.index(dtype) + (50 if op_name == "MINIMUM" else 0),
        version=2 if dtype == "int8" else 1,
    )
    verify_model(model, sets=sets)


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(3)
    for op_name in ("MAXIMUM", "MINIMUM"):
        for dtype in TYPES:
            q = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
            x, y = b.input([2, 1, 3], dtype, q), b.input([4, 1], dtype, q)
            b.node(op_name, [x, y], [b.output([2, 4, 3], dtype, q)])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def model_of(op_name, types, shapes=([2, 3], [2, 3], [2, 3])) -> bytes:
    g = GraphBuilder()
    ids = [g.tensor(shape, dtype) for dtype, shape in zip(types, shapes)]
    g.op(op_name, ids[:2], [ids[2]])
    return g.build(ids[:2], [ids[2]])


@pytest.mark.parametrize("op_name", ["MAXIMUM", "MINIMUM"])
def test_rejects_unsupported(op_name):
    for types, shapes, reason in [
        (("uint8",) * 3, ([2, 3],) * 3, r"UINT8/UINT8/UINT8 are not supported \(float32 or int8"),
        (("int8", "int16", "int8"), ([2, 3],) * 3, "INT8/INT16/INT8 are not supported"),
        (("float32",) * 3, ([2, 3], [3, 2], [2, 3]), "cannot be broadcast"),
        (("float32",) * 3, ([1] * 7, [1], [1] * 7), "more than 6 dimensions"),
    ]:
        with pytest.raises(CheckError, match=reason):
            check(read_model(model_of(op_name, types, shapes)))
