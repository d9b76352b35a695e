"""The verdict on outputs: integers bit for bit; a float element within 1e-5 of its reference value plus a floor of
1e-6 of its output tensor's largest value, so that a last-bit libm difference cancelled near zero passes and a
real error does not."""

import numpy as np
import pytest

from generator.compare import compare


def _output(seed: int = 0, size: int = 64, scale: float = 1.0) -> np.ndarray:
    """A float32 output as a sigmoid-then-normalize model makes one: values up to `scale`, some of them near 0."""
    values = np.random.default_rng(seed).uniform(-1, 1, size)
    values[5] = 3e-7  # what a layer subtracting two nearly equal values leaves
    return (scale * values / np.abs(values).max()).astype(np.float32)


def test_a_last_bit_difference_cancelled_near_zero_matches():
    """The case that failed: max abs diff 8.9e-8 on an output of magnitude up to 1, on its element nearest 0,
    which is a relative difference of 30 % (the old rule, 1e-5 relative alone, called it a mismatch)."""
    ref = _output()
    dev = ref.copy()
    dev[5] += np.float32(8.9e-8)
    verdict = compare([[dev]], [[ref]])
    assert verdict.match and verdict.mismatched_elements == 0
    assert verdict.max_abs_diff == pytest.approx(8.9e-8, rel=0.01) and verdict.max_rel_diff > 0.2
    assert verdict.abs_floor == pytest.approx(1e-6)
    assert verdict.verdict() == "MATCH (within tolerance)"


# Below a thousandth of the tensor's largest value, 1 % of an element is under the floor.
ABOVE_THE_FLOOR = [i for i, value in enumerate(_output()) if abs(value) >= 1e-3]


@pytest.mark.parametrize("index", ABOVE_THE_FLOOR)
def test_a_one_percent_error_in_any_element_is_caught(index):
    ref = _output()
    dev = ref.copy()
    dev[index] *= np.float32(1.01)
    verdict = compare([[dev]], [[ref]])
    assert not verdict.match and verdict.mismatched_elements == 1 and verdict.verdict() == "MISMATCH"
    assert verdict.max_rel_diff == pytest.approx(0.01, rel=1e-3)


def test_every_element_is_checked():
    """Not only a spot check: the one-percent test above runs on all but the element made to be near zero."""
    assert ABOVE_THE_FLOOR == [i for i in range(64) if i != 5]


def test_the_floor_is_each_output_tensors_own():
    """A small-valued output beside a large one: the large one's floor does not excuse the small one's error."""
    large, small = _output(1), _output(2, scale=1e-3)
    dev_small = small.copy()
    dev_small[7] += np.float32(8.9e-8)  # far below the large tensor's floor, 100 x the small one's
    verdict = compare([[large, dev_small]], [[large, small]])
    assert not verdict.match and verdict.mismatched_elements == 1
    assert verdict.abs_floor == pytest.approx(1e-9)


def test_the_floor_is_each_sets_own():
    quiet, loud = _output(3, scale=1e-3), _output(4)
    dev_quiet = quiet.copy()
    dev_quiet[9] += np.float32(8.9e-8)
    assert not compare([[dev_quiet], [loud]], [[quiet], [loud]]).match


@pytest.mark.parametrize(
    "dev, ref, match",
    [
        ([np.nan, 1.0], [0.5, 1.0], False),  # a NaN on the board where the reference has a number
        ([0.5, 1.0], [np.nan, 1.0], False),
        ([np.nan, 1.0], [np.nan, 1.0], True),
        ([np.inf, 1.0], [np.inf, 1.0], True),
        ([1e30, 1.0], [np.inf, 1.0], False),  # an infinite reference widens no tolerance
        ([0.5, 1.0 + 1e-3], [0.5, 1.0], False),
    ],
)
def test_non_finite_values_match_only_themselves(dev, ref, match):
    assert compare([[np.float32(dev)]], [[np.float32(ref)]]).match is match


def test_integers_stay_bit_exact():
    ref = np.arange(-64, 64, dtype=np.int8)
    dev = ref.copy()
    dev[100] += 1
    verdict = compare([[dev]], [[ref]])
    assert not verdict.match and verdict.max_abs_diff == 1 and verdict.mismatched_elements == 1
    assert verdict.max_rel_diff is None and verdict.abs_floor is None
    assert verdict.figures() == "max abs diff 1"
    assert compare([[ref]], [[ref]]).verdict() == "MATCH (bit-exact)"


def test_float_figures_name_both_tolerances():
    ref = _output()
    dev = ref.copy()
    dev[0] = np.nextafter(dev[0], np.float32(2))
    figures = compare([[dev]], [[ref]]).figures()
    assert figures.startswith("max rel diff ") and "(tolerance 1e-05), max abs diff " in figures
    assert figures.endswith("(absolute floor 1e-06 = 1e-06 x the largest reference output)")
