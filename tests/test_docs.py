"""Docs generated from code stay true to it."""
from pathlib import Path

from generator.catalog import CATALOG
from generator.catalog.docs import ops_markdown

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_ops_md_is_current():
    assert (DOCS / "ops.md").read_text() == ops_markdown(), "run: make docs (mcugen ops --markdown > docs/ops.md)"


def test_every_issue_op_is_in_the_catalog():
    wanted = """CONV_2D DEPTHWISE_CONV_2D FULLY_CONNECTED AVERAGE_POOL_2D MAX_POOL_2D ADD SUB MUL SOFTMAX LOGISTIC TANH
        RELU RELU6 LEAKY_RELU HARD_SWISH RESHAPE SQUEEZE EXPAND_DIMS QUANTIZE DEQUANTIZE PAD PADV2 CONCATENATION MEAN
        STRIDED_SLICE SHAPE PACK UNPACK SPLIT SPLIT_V TRANSPOSE RESIZE_NEAREST_NEIGHBOR ARG_MAX""".split()
    assert set(wanted) <= {spec.op for spec in CATALOG}
