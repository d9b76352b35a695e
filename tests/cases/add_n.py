"""Case builders of the add_n tests that other test modules use too."""

from op_cases import Batch, random_quant, random_shape, random_values

from kernel_harness import rand_scale


def add_n_batch(dtype, seed, cases=20, shape=None):
    b = Batch(seed)
    for _ in range(cases):
        s = shape or random_shape(b.rng)
        q = random_quant(b.rng, "int8") if dtype == "int8" else None
        out_q = (q[0] * rand_scale(b.rng, 1.0, 6.0), int(b.rng.integers(-128, 128))) if q else None
        ids = []
        for k in range(int(b.rng.integers(2, 7))):
            if k == 1 and b.rng.integers(0, 3) == 0:
                ids.append(b.constant(random_values(b.rng, dtype, s), dtype, q))
            else:
                ids.append(b.input(s, dtype, q))
        b.node("ADD_N", ids, [b.output(s, dtype, out_q)])
    return b
