"""Case builders of the arg_min_max tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def arg_node(b, op_name, dtype, shape, axis, values=None):
    x = b.input(shape, dtype, random_quant(b.rng, "int8") if dtype == "int8" else None, values)
    a = b.constant(np.array([axis], dtype=np.int32), "int32")
    out = b.output([d for i, d in enumerate(shape) if i != axis % len(shape)], "int32")
    b.node(op_name, [x, a], [out], version=2 if dtype == "int8" else 1, outputType=2)
