"""Case builders of the prelu tests that other test modules use too."""

from op_cases import Batch, random_quant, random_values

from cases.add import broadcast_shapes

TYPES = {"float32": "float32", "int8": "int8", "int16": "int8"}  # input type: alpha type


def prelu_batch(dtype, seed, cases=20):
    b = Batch(seed)
    alpha_type = TYPES[dtype]
    for _ in range(cases):
        # the input has the output's shape; alpha broadcasts to it
        shape, _, alpha_shape = broadcast_shapes(b.rng, max_rank=4 if dtype == "float32" else 6, max_elements=48)
        out_shape = shape
        q_in, q_alpha, q_out = (
            (random_quant(b.rng, dtype), random_quant(b.rng, "int8"), random_quant(b.rng, dtype))
            if dtype != "float32"
            else (None, None, None)
        )
        x = b.input(shape, dtype, q_in)
        if b.rng.integers(0, 2):
            alpha = b.constant(
                random_values(
                    b.rng,
                    alpha_type,
                    alpha_shape,
                    low=-2 if dtype == "float32" else None,
                    high=2 if dtype == "float32" else None,
                ),
                alpha_type,
                q_alpha,
            )
        else:
            alpha = b.input(alpha_shape, alpha_type, q_alpha)
        b.node("PRELU", [x, alpha], [b.output(out_shape, dtype, q_out)])
    return b
