"""Case builders of the maximum_minimum tests that other test modules use too."""

from op_cases import Batch, random_quant, random_values

from cases.add import broadcast_shapes

CASES = 20


def binary_batch(op_name, dtype, seed, cases=CASES, version=1, output_dtype=None, quant=None, values=None, max_rank=6):
    """`cases` nodes of op_name over random broadcast shapes; about one in four has a constant operand, and
    int8/int16 ones share a random quantization (or get one per tensor from `quant(rng, role)`)."""
    b = Batch(seed)
    make = values or (lambda rng, s, d=dtype: random_values(rng, d, s))
    for _ in range(cases):
        out_shape, shape1, shape2 = broadcast_shapes(b.rng, max_rank=max_rank, max_elements=48)
        shared = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
        q = (lambda role: quant(b.rng, role)) if quant else (lambda role, shared=shared: shared)
        constant = int(b.rng.integers(-2, 2))  # 0 or 1: that operand is constant
        ids = []
        for k, shape in enumerate((shape1, shape2)):
            if k == constant:
                ids.append(b.constant(make(b.rng, shape), dtype, q(f"input{k + 1}")))
            else:
                ids.append(b.input(shape, dtype, q(f"input{k + 1}"), make))
        out_q = q("output") if (output_dtype or dtype) == dtype else None
        b.node(op_name, ids, [b.output(out_shape, output_dtype or dtype, out_q)], version=version)
    return b.build(), b.sets()
