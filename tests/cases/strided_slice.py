"""Case builders of the strided_slice tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
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
