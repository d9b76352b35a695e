"""RESIZE_NEAREST_NEIGHBOR: randomized up- and down-scaling with align_corners / half_pixel_centers, int8,
float32 and int16, against TFLite Micro."""

import pytest

from cases.resize_nearest_neighbor import MODES, resize_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int8_random():
    verify_cases({f"seed {seed}": resize_case("int8", seed) for seed in range(20)}, count=2, seed=1)


def test_float_random():
    verify_cases({f"seed {seed}": resize_case("float32", seed) for seed in range(8)}, count=2, seed=2)


def test_modes_upscale_2x_and_odd():
    verify_cases({f"mode {mode}": resize_case("int8", 100, mode, size=(14, 11)) for mode in MODES}, count=2, seed=1)


def test_modes_exact_halves():
    """3 -> 5 and 5 -> 9 rows with align_corners put source positions exactly on .5."""
    cases = {f"mode {mode}": resize_case("int8", 101, mode, size=(5, 9), in_hw=(3, 5)) for mode in MODES}
    verify_cases(cases, count=2, seed=2)


def test_int16():
    verify_model(resize_case("int16", 7, (False, True)), count=2, seed=7)


def test_rejects_non_constant_size():
    g = GraphBuilder()
    x = g.tensor([1, 2, 2, 1], "float32")
    s = g.tensor([2], "int32")
    y = g.tensor([1, 4, 4, 1], "float32")
    g.op("RESIZE_NEAREST_NEIGHBOR", [x, s], [y])
    with pytest.raises(CheckError, match="size tensor must be constant"):
        check(read_model(g.build([x, s], [y])))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(resize_case("int8", 2, (False, True)), count=2, seed=2, qemu=True)
