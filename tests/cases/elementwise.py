"""Case builders of the elementwise tests that other test modules use too."""

import numpy as np
from op_cases import Batch, random_quant, random_shape, random_values

CASES = 20


POSITIVE = {"LOG": (1e-3, 50.0), "SQRT": (0.0, 50.0), "RSQRT": (1e-3, 50.0)}


WIDE = {"SIN": (-20.0, 20.0), "COS": (-20.0, 20.0), "SQUARE": (-1e3, 1e3), "EXP": (-80.0, 80.0)}


FLOAT_OPS = ["ABS", "SIN", "COS", "LOG", "SQRT", "RSQRT", "SQUARE", "NEG", "FLOOR", "CEIL", "ROUND", "EXP"]


def float_values(op_name):
    low, high = POSITIVE.get(op_name) or WIDE.get(op_name) or (-8.0, 8.0)

    def values(rng, shape):
        v = rng.uniform(low, high, size=shape).astype(np.float32)
        if op_name == "ROUND":  # exact halves, where rounding to even shows
            v = np.where(rng.integers(0, 2, size=shape) == 1, np.round(v * 2) / 2, v).astype(np.float32)
        return v

    return values


def unary_batch(op_name, dtype, seed, cases=CASES, version=1, quantized=True, same_scale_every=4):
    """`cases` nodes of op_name; quantized int tensors get random scales and zero points (every
    `same_scale_every`-th node shares the input's, TFLite's no-rescale path)."""
    b = Batch(seed)
    for k in range(cases):
        shape = random_shape(b.rng)
        if dtype in ("int8", "int16") and quantized:
            q_in = random_quant(b.rng, dtype)
            q_out = q_in if k % same_scale_every == 0 else random_quant(b.rng, dtype)
            values = None
            if op_name == "RSQRT":  # TFLite Micro fails on inputs below the zero point

                def values(rng, s, zp=q_in[1]):
                    return random_values(rng, dtype, s, low=zp)

            x = b.input(shape, dtype, q_in, values)
            y = b.output(shape, dtype, q_out)
        elif dtype == "float32":
            x, y = b.input(shape, dtype, values=float_values(op_name)), b.output(shape, dtype)
        else:
            x, y = b.input(shape, dtype), b.output(shape, dtype)
        b.node(op_name, [x], [y], version=version)
    return b.build(), b.sets()
