"""Case builders of the cast tests that other test modules use too."""

import numpy as np
from op_cases import random_values


def cast_values(src, dst):
    """Values the cast defines: floats within the output's range (C leaves others undefined); integers full
    range (they narrow modulo 2^bits); floats with a fraction and large ones near float32's integer limit."""
    if src != "float32":
        return lambda rng, s: random_values(rng, src, s)
    limit = {"int8": 127, "int16": 32767, "int32": 2**31 - 256, "uint32": 2**32 - 512, "float32": 1e30}[dst]

    def values(rng, s):
        sign = 1 if dst == "uint32" else rng.choice([-1, 1], size=s)
        v = sign * np.exp(rng.uniform(-2, np.log(limit), size=s))
        return v.astype(np.float32)

    return values


def cast_node(b, src, dst, shape):
    b.node("CAST", [b.input(shape, src, values=cast_values(src, dst))], [b.output(shape, dst)])
