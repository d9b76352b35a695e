"""Case builders of the reverse_v2 tests that other test modules use too."""

import numpy as np


def reverse_node(b, dtype, shape, axes):
    x = b.input(shape, dtype)
    b.node("REVERSE_V2", [x, b.constant(np.array(axes, dtype=np.int32), "int32")], [b.output(shape, dtype)], version=2)
