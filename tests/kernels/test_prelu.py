"""PRELU: 20 random broadcast cases per type in one model each (alpha often a constant per channel), against
TFLite Micro on the host build; every type in QEMU."""

import pytest
from op_cases import Batch, random_quant

from cases.prelu import TYPES, prelu_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("dtype", list(TYPES))
def test_random(dtype):
    b = prelu_batch(dtype, seed=list(TYPES).index(dtype))
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(0)
    for dtype, alpha_type in TYPES.items():
        q = (
            (random_quant(b.rng, dtype), random_quant(b.rng, "int8"), random_quant(b.rng, dtype))
            if dtype != "float32"
            else (None, None, None)
        )
        x, alpha = b.input([2, 3, 4], dtype, q[0]), b.input([4], alpha_type, q[1])
        b.node("PRELU", [x, alpha], [b.output([2, 3, 4], dtype, q[2])])
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize(
    "types, shape, reason",
    [
        (("int16", "int16", "int16"), [2, 3], "INT16/INT16/INT16 are not supported"),
        (("float32", "float32", "float32"), [1, 1, 1, 2, 3], "float32 tensors of more than 4 dimensions"),
    ],
)
def test_rejects_unsupported(types, shape, reason):
    g = GraphBuilder()
    ids = [g.tensor(shape, t, 0.1 if t != "float32" else None, 0 if t != "float32" else None) for t in types]
    g.op("PRELU", ids[:2], [ids[2]])
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build(ids[:2], [ids[2]])))
