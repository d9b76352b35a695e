"""Case builders of the div tests that other test modules use too."""

import numpy as np
from op_cases import Batch, random_quant, random_values

from cases.add import broadcast_shapes
from kernel_harness import rand_scale


def divisor_values(dtype, zero_point=0):
    """Divisors away from 0 (int8: from its zero point), dividends anywhere."""
    if dtype == "float32":
        return lambda rng, s: (rng.uniform(0.25, 8, size=s) * rng.choice([-1, 1], size=s)).astype(np.float32)
    if dtype == "int32":
        return lambda rng, s: (rng.integers(1, 1000, size=s) * rng.choice([-1, 1], size=s)).astype(np.int32)

    def int8(rng, s):
        v = rng.integers(-128, 128, size=s)
        return np.where(v == zero_point, zero_point + 1 if zero_point < 127 else zero_point - 1, v).astype(np.int8)

    return int8


def dividend_values(dtype):
    if dtype == "int32":
        return lambda rng, s: random_values(rng, dtype, s, low=-100000, high=100000)
    return lambda rng, s: random_values(rng, dtype, s)


def int8_quant(rng):
    """Input quantizations and an output scale with input1_scale / (input2_scale * output_scale) in [1, 512]."""
    q1, q2 = random_quant(rng, "int8"), random_quant(rng, "int8")
    out_scale = q1[0] / (q2[0] * rand_scale(rng, 1, 512))
    return q1, q2, (out_scale, int(rng.integers(-128, 128)))


def div_batch(dtype, seed, cases=20):
    b = Batch(seed)
    for _ in range(cases):
        out_shape, shape1, shape2 = broadcast_shapes(b.rng, max_rank=6, max_elements=48)
        q1, q2, qo = int8_quant(b.rng) if dtype == "int8" else (None, None, None)
        divisors = divisor_values(dtype, q2[1] if q2 else 0)
        constant = int(b.rng.integers(-2, 2))
        ids = []
        for k, (shape, q, make) in enumerate(((shape1, q1, dividend_values(dtype)), (shape2, q2, divisors))):
            ids.append(b.constant(make(b.rng, shape), dtype, q) if k == constant else b.input(shape, dtype, q, make))
        b.node(
            "DIV",
            ids,
            [b.output(out_shape, dtype, qo)],
            version=2 if dtype == "int8" else 1,
            fusedActivationFunction=int(b.rng.integers(0, 4)),
        )
    return b.build(), b.sets()
