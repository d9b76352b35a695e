"""LOG_SOFTMAX: 20 random cases per type (float32; int8 with random input scales and zero points, the output
at TFLite Micro's fixed 16/256 and 127) in one model each, against TFLite Micro on the host build, bit for bit
for int8; both types in QEMU."""

import pytest
from op_cases import Batch

from cases.log_softmax import log_softmax_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def random_shape(rng):
    rank = int(rng.integers(1, 4))
    return [int(rng.integers(1, 4)) for _ in range(rank - 1)] + [int(rng.integers(1, 40))]


@pytest.mark.parametrize("dtype", ["float32", "int8"])
def test_random(dtype):
    b = Batch(11 + (dtype == "int8"))
    for _ in range(20):
        log_softmax_node(b, dtype, random_shape(b.rng))
    verify_model(b.build(), sets=b.sets())


def test_int8_extreme_scales():
    """From just above TFLite's limit (scale * 2^26 > 1) to scales whose multiplier is capped at 2^31 - 1."""
    b = Batch(13)
    for in_scale in (2e-8, 1e-6, 1e-4, 0.03, 1.0, 3.0, 50.0):
        log_softmax_node(b, "int8", [2, 37], in_scale)
    log_softmax_node(b, "int8", [1, 700], 1e-3)  # a sum of exps of hundreds: the log's larger inputs
    verify_model(b.build(), sets=b.sets())


def test_rejects_other_output_quantization():
    g = GraphBuilder()
    x, y = g.tensor([2, 5], "int8", 0.1, 0), g.tensor([2, 5], "int8", 1.0 / 256, -128)
    g.op("LOG_SOFTMAX", [x], [y], version=2)
    with pytest.raises(CheckError, match="LOG_SOFTMAX.*scale 16/256 and zero point 127"):
        check(read_model(g.build([x], [y])))


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(14)
    for dtype in ("float32", "int8"):
        log_softmax_node(b, dtype, [3, 10])
    verify_model(b.build(), sets=b.sets(1), qemu=True)
