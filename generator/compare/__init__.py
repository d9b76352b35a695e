"""compare: device outputs vs reference outputs -> verdict.

Integers must be equal. A float element a matches its reference b when |a - b| <= 1e-5 * |b| + 1e-6 * max|B|,
B being that reference output tensor (one set's): relative where the values are large, and an absolute floor
one millionth of the tensor's largest value where they are small. The floor is there because the last bit of
a libm function differs between newlib on the board and glibc under the reference (expf, say), and a later
layer that subtracts nearly equal values turns that one-ulp difference into a large relative one on an
output near zero; against the tensor's own scale it stays tiny, and a real error (1 % in one element) does not.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOAT_RTOL = 1e-5  # of each element's reference value
FLOAT_FLOOR = 1e-6  # of the largest magnitude in the element's reference output tensor


@dataclass
class Comparison:
    match: bool
    max_abs_diff: float
    mismatched_elements: int
    total_elements: int
    max_rel_diff: float | None = None  # over float elements with a nonzero reference; None: no float outputs
    abs_floor: float | None = None  # the absolute floor of the float output holding max_abs_diff

    def verdict(self) -> str:
        if not self.match:
            return "MISMATCH"
        return "MATCH (bit-exact)" if self.max_abs_diff == 0 else "MATCH (within tolerance)"

    def figures(self) -> str:
        """The differences behind the verdict; for floats both tolerances' figures."""
        if self.max_rel_diff is None:
            return f"max abs diff {self.max_abs_diff:g}"
        return (
            f"max rel diff {self.max_rel_diff:.3g} (tolerance {FLOAT_RTOL:g}), max abs diff {self.max_abs_diff:.3g} "
            f"(absolute floor {self.abs_floor:.3g} = {FLOAT_FLOOR:g} x the largest reference output)"
        )


def float_mismatches(device: np.ndarray, reference: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """One float output tensor: which elements are out of tolerance, their absolute differences, and the floor.
    A NaN or infinity matches only itself (its difference counts as infinite), and never widens the floor."""
    ref = np.asarray(reference, np.float64)
    dev = np.asarray(device, np.float64).reshape(ref.shape)
    same = (dev == ref) | (np.isnan(dev) & np.isnan(ref))
    with np.errstate(invalid="ignore"):  # inf - inf: NaN, counted as infinite below
        diff = np.where(same, 0.0, np.abs(dev - ref))
    diff = np.where(np.isnan(diff), np.inf, diff)
    finite = np.isfinite(ref)
    floor = FLOAT_FLOOR * float(np.abs(ref[finite]).max(initial=0))
    tolerance = np.where(finite, FLOAT_RTOL * np.abs(np.where(finite, ref, 0.0)) + floor, 0.0)
    return diff > tolerance, diff, floor


def compare(device: list[list[np.ndarray]], reference: list[list[np.ndarray]]) -> Comparison:
    result = Comparison(True, 0.0, 0, 0)
    for dev_set, ref_set in zip(device, reference, strict=True):
        for dev, ref in zip(dev_set, ref_set, strict=True):
            ref = np.asarray(ref)
            dev = np.asarray(dev).reshape(ref.shape)
            result.total_elements += ref.size
            if np.issubdtype(ref.dtype, np.floating):
                wrong, diff, floor = float_mismatches(dev, ref)
                scaled = (ref != 0) & np.isfinite(ref)
                rel = float((diff[scaled] / np.abs(ref[scaled].astype(np.float64))).max(initial=0))
                result.max_rel_diff = max(result.max_rel_diff or 0.0, rel)
                if result.abs_floor is None or float(diff.max(initial=0)) > result.max_abs_diff:
                    result.abs_floor = floor
            else:
                diff = np.abs(dev.astype(np.int64) - ref.astype(np.int64))
                wrong = diff != 0
            result.max_abs_diff = max(result.max_abs_diff, float(diff.max(initial=0)))
            result.mismatched_elements += int(wrong.sum())
            result.match = result.match and not wrong.any()
    return result
