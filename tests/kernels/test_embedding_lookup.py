"""EMBEDDING_LOOKUP: 20 random lookups per table and output type (float32, int8, int8 dequantized to float32;
row numbers as a graph input or a constant) in one model each, against TFLite Micro on the host build; every type
in QEMU."""

import pytest
from op_cases import Batch, random_shape

from cases.embedding_lookup import lookup_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

CASES = [("float32", "float32"), ("int8", "int8"), ("int8", "float32")]  # (table, output)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}")
def test_random(case):
    b = Batch(20 + CASES.index(case))
    for k in range(20):
        shape = [int(b.rng.integers(1, 9))] + (random_shape(b.rng, max_rank=3, max_elements=24) or [3])
        lookup_node(b, *case, shape, int(b.rng.integers(1, 7)), constant=k % 4 == 0)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(23)
    for case in CASES:
        lookup_node(b, *case, [5, 3], 4)
    verify_model(b.build(), sets=b.sets(1), qemu=True)


def test_rejects_float_table_with_int8_output():
    g = GraphBuilder()
    ids, table = g.tensor([2], "int32"), g.tensor([4, 3], "float32")
    y = g.tensor([2, 3], "int8", 0.1, 0)
    g.op("EMBEDDING_LOOKUP", [ids, table], [y])
    with pytest.raises(CheckError, match=r"EMBEDDING_LOOKUP.*FLOAT32 table with INT8 output is not supported"):
        check(read_model(g.build([ids, table], [y])))
