"""PAD and PADV2: randomized 1-D to 5-D cases, int8 (pad value = output zero point, or PADV2's constant),
float32, int16 and int32, against TFLite Micro."""

import pytest

from cases.pad import pad_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int8_random():
    cases = {f"{op} seed {seed}": pad_case(op, "int8", seed) for op in ("PAD", "PADV2") for seed in range(15)}
    verify_cases(cases, count=2, seed=1)


def test_float_random():
    cases = {f"{op} seed {seed}": pad_case(op, "float32", seed) for op in ("PAD", "PADV2") for seed in range(8)}
    verify_cases(cases, count=2, seed=2)


def test_other_types():
    cases = {f"{op} {dtype}": pad_case(op, dtype, 11) for op in ("PAD", "PADV2") for dtype in ("int16", "int32")}
    verify_cases(cases, count=2, seed=11)


def test_padv2_value_from_graph_input():
    cases = {dtype: pad_case("PADV2", dtype, 5, value_input=True) for dtype in ("int8", "float32")}
    verify_cases(cases, count=2, seed=5)


def test_image_style():
    """The common case: NHWC with only H and W padded (TFLite Micro's image-style path)."""
    g = GraphBuilder()
    x = g.tensor([1, 5, 6, 3], "int8", 0.05, 7)
    p = g.tensor([4, 2], "int32", data=[[0, 0], [1, 2], [2, 1], [0, 0]])
    y = g.tensor([1, 8, 9, 3], "int8", 0.05, 7)
    g.op("PAD", [x, p], [y], version=2)
    verify_model(g.build([x], [y]), count=2, seed=1)


def test_rejects_non_constant_paddings():
    g = GraphBuilder()
    x = g.tensor([2, 3], "float32")
    p = g.tensor([2, 2], "int32")
    y = g.tensor([4, 5], "float32")
    g.op("PAD", [x, p], [y])
    with pytest.raises(CheckError, match="paddings tensor must be constant"):
        check(read_model(g.build([x, p], [y])))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(pad_case("PADV2", "int8", 4), count=2, seed=4, qemu=True)
