"""Case builders of the l2_normalization tests that other test modules use too."""

from op_cases import random_quant


def l2_normalization_node(b, dtype, shape):
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    x = b.input(shape, dtype, q)
    b.node("L2_NORMALIZATION", [x], [b.output(shape, dtype, (1 / 128, 0) if q else None)], version=2 if q else 1)
