"""Case builders of the slice tests that other test modules use too."""

import numpy as np


def slice_node(b, dtype, shape, begins, sizes, index_type="int32"):
    x = b.input(shape, dtype)
    out = [d - bg if s == -1 else s for d, bg, s in zip(shape, begins, sizes)]
    ids = [x, b.constant(np.array(begins), index_type), b.constant(np.array(sizes), index_type)]
    b.node("SLICE", ids, [b.output(out, dtype)], version=2)
