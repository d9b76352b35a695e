"""STRIDED_SLICE: randomized begin/end/strides and masks on 1-D to 4-D int8/float32 (and int16/int32)
tensors against TFLite Micro. The models' output shapes come from numpy's slicing, independently of the
generator's own resolution of the slice."""

import numpy as np
import pytest

from cases.strided_slice import _model, random_case
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_strided_slice_random():
    cases = {f"seed {seed}": random_case(seed, ["int8", "float32"][seed % 2]) for seed in range(40)}
    verify_cases(cases, count=2, seed=1)


def test_strided_slice_other_types():
    cases = {
        f"seed {seed} {dtype}": random_case(seed, dtype)
        for seed, dtype in [(100, "int16"), (101, "int32"), (102, "int32"), (103, "bool"), (104, "bool")]
    }
    verify_cases(cases, count=2, seed=100)


EDGE_CASES = {
    "reverse_all": ([5], [0], [0], [-1], dict(begin_mask=1, end_mask=1)),
    "reverse_inner_rows": ([3, 4], [0, -1], [3, -5], [1, -1], {}),
    "clamped_out_of_range": ([2, 6], [-9, 1], [9, 100], [1, 2], {}),
    "negative_stride_clamped": ([6], [100], [-100], [-2], {}),
    "stride_past_the_end": ([2, 5], [0, 1], [2, 5], [1, 7], {}),
    "shrink_negative_index": ([3, 4, 2], [-1, 0, -2], [0, 4, 0], [1, 1, 1], dict(shrink_axis_mask=0b101)),
    "shrink_all": ([2, 3], [1, 2], [2, 3], [1, 1], dict(shrink_axis_mask=0b11)),
    "masks_4d": ([2, 3, 4, 5], [1, 2, 3, 4], [0, 0, 0, 0], [1, -1, 2, -2], dict(begin_mask=0b1010, end_mask=0b1111)),
    "inner_contiguous_4d": ([2, 3, 4, 5], [0, 1, 1, 1], [2, 3, 3, 4], [1, 1, 1, 1], {}),
}


def test_strided_slice_edges():
    cases = {
        f"{name} {dtype}": _model(shape, begin, end, strides, dtype, np.random.default_rng(i), **masks)
        for name, (shape, begin, end, strides, masks) in sorted(EDGE_CASES.items())
        for i, dtype in enumerate(("int8", "float32"))
    }
    verify_cases(cases, count=2, seed=0)


def _rejected(model: bytes) -> str:
    with pytest.raises(CheckError) as info:
        check(read_model(model))
    return str(info.value)


def _raw(shape, out_shape, begin, end, strides, constant=True, **options) -> bytes:
    g = GraphBuilder()
    x, y = g.tensor(shape, "float32"), g.tensor(out_shape, "float32")
    b = g.tensor([len(shape)], "int32", data=begin if constant else None)
    e, s = (g.tensor([len(shape)], "int32", data=v) for v in (end, strides))
    g.op("STRIDED_SLICE", [x, b, e, s], [y], **options)
    return g.build([x, b] if not constant else [x], [y])


def test_rejects_what_tflite_micro_does_not_run():
    assert "5-D input is not supported" in _rejected(
        _raw([1, 1, 1, 2, 2], [1, 1, 1, 2, 2], [0] * 5, [1, 1, 1, 2, 2], [1] * 5)
    )
    assert "ellipsis_mask is not supported" in _rejected(_raw([2, 2], [2, 2], [0, 0], [2, 2], [1, 1], ellipsisMask=1))
    assert "new_axis_mask is not supported" in _rejected(_raw([2, 2], [1, 2, 2], [0, 0], [2, 2], [1, 1], newAxisMask=1))
    assert "offset is not supported" in _rejected(_raw([4], [2], [1], [2], [1], offset=True))
    assert "must be constant" in _rejected(_raw([4], [2], [1], [3], [1], constant=False))
    assert "stride of 0" in _rejected(_raw([4], [2], [1], [3], [0]))
    assert "differs from the slice's shape" in _rejected(_raw([4], [3], [1], [3], [1]))
    # shrinking an axis at an index past its end: TFLite Micro copies nothing
    assert "copies 0 elements" in _rejected(_raw([4, 2], [2], [4, 0], [5, 2], [1, 1], shrinkAxisMask=1))


@pytest.mark.qemu
def test_in_qemu():
    verify_model(random_case(3, "int8"), count=2, seed=3, qemu=True)
