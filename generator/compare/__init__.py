"""compare: device outputs vs reference outputs -> verdict. Integers must be equal; floats within 1e-5 relative."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOAT_RTOL = 1e-5


@dataclass
class Comparison:
    match: bool
    max_abs_diff: float
    mismatched_elements: int
    total_elements: int


def compare(device: list[list[np.ndarray]], reference: list[list[np.ndarray]]) -> Comparison:
    match, max_diff, bad, total = True, 0.0, 0, 0
    for dev_set, ref_set in zip(device, reference, strict=True):
        for dev, ref in zip(dev_set, ref_set, strict=True):
            ref = np.asarray(ref)
            dev = np.asarray(dev).reshape(ref.shape)
            total += ref.size
            if np.issubdtype(ref.dtype, np.floating):
                diff = np.abs(dev.astype(np.float64) - ref.astype(np.float64))
                wrong = diff > FLOAT_RTOL * np.abs(ref.astype(np.float64))
            else:
                diff = np.abs(dev.astype(np.int64) - ref.astype(np.int64))
                wrong = diff != 0
            max_diff = max(max_diff, float(diff.max(initial=0)))
            bad += int(wrong.sum())
            match = match and not wrong.any()
    return Comparison(match, max_diff, bad, total)
