"""STRIDED_SLICE: randomized begin/end/strides and masks on 1-D to 4-D int8/float32 (and int16/int32)
tensors against TFLite Micro. The models' output shapes come from numpy's slicing, independently of the
generator's own resolution of the slice."""

import numpy as np
import pytest

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases, verify_model
from modelkit import GraphBuilder


def _model(shape, begin, end, strides, dtype, rng, **masks) -> bytes:
    out_shape = list(_numpy_shape(shape, begin, end, strides, **masks))
    g = GraphBuilder()
    if dtype == "int8":
        scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
        x, y = g.tensor(shape, "int8", scale, zp), g.tensor(out_shape, "int8", scale, zp)
    else:
        x, y = g.tensor(shape, dtype), g.tensor(out_shape, dtype)
    b, e, s = (g.tensor([len(shape)], "int32", data=v) for v in (begin, end, strides))
    options = {
        k: v
        for k, v in (
            ("beginMask", masks.get("begin_mask", 0)),
            ("endMask", masks.get("end_mask", 0)),
            ("shrinkAxisMask", masks.get("shrink_axis_mask", 0)),
        )
        if v
    }
    g.op("STRIDED_SLICE", [x, b, e, s], [y], **options)
    return g.build([x], [y])


def _numpy_shape(shape, begin, end, strides, begin_mask=0, end_mask=0, shrink_axis_mask=0):
    index = []
    for axis in range(len(shape)):
        if shrink_axis_mask & (1 << axis):
            index.append(begin[axis])
            continue
        start = None if begin_mask & (1 << axis) else begin[axis]
        stop = None if end_mask & (1 << axis) else end[axis]
        index.append(slice(start, stop, strides[axis]))
    return np.empty(shape)[tuple(index)].shape


def _axis_bounds(rng, size, stride):
    """begin and end for one axis: mostly a non-empty range (written negative now and then), sometimes wild."""
    if rng.integers(0, 5) == 0:
        return int(rng.integers(-size - 2, size + 3)), int(rng.integers(-size - 2, size + 3))
    lo, hi = sorted(int(v) for v in rng.integers(0, size + 1, size=2))
    hi = max(hi, lo + 1)
    begin, end = (lo, hi) if stride > 0 else (min(hi, size) - 1, lo - 1)
    begin = begin - size if rng.integers(0, 3) == 0 and begin >= 0 else begin
    end = end - size if rng.integers(0, 3) == 0 and end >= 0 else end
    return begin, end


def random_case(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    while True:
        rank = int(rng.choice([1, 2, 3, 3, 4, 4]))
        shape = [int(d) for d in rng.integers(1, 7, size=rank)]
        strides = [int(rng.choice([1, 1, 2, 3, -1, -2])) for _ in range(rank)]
        begin, end = (list(v) for v in zip(*(_axis_bounds(rng, d, st) for d, st in zip(shape, strides))))
        masks = {
            k: int(rng.integers(0, 1 << rank)) if rng.integers(0, 3) == 0 else 0 for k in ("begin_mask", "end_mask")
        }
        if rng.integers(0, 4) == 0:  # shrink one axis, indexing inside it (negative too)
            axis = int(rng.integers(0, rank))
            begin[axis] = int(rng.integers(-shape[axis], shape[axis]))
            strides[axis] = 1
            masks["shrink_axis_mask"] = 1 << axis
            masks["begin_mask"] &= ~(1 << axis)
        if int(np.prod(_numpy_shape(shape, begin, end, strides, **masks))) > 0:
            return _model(shape, begin, end, strides, dtype, rng, **masks)


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
