"""Case builders of the select_v2 tests that other test modules use too."""

from op_cases import random_quant


def select_node(b, dtype, out, shapes):
    """One SELECT_V2 node: condition, x and y of `shapes` broadcasting to `out`."""
    q = random_quant(b.rng, dtype) if dtype != "float32" else None
    sc, sx, sy = shapes
    ids = [b.input(sc, "bool"), b.input(sx, dtype, q), b.input(sy, dtype, q)]
    b.node("SELECT_V2", ids, [b.output(out, dtype, q)])
