"""Case builders of the depth_to_space tests that other test modules use too."""

from op_cases import random_quant

OPS = ["DEPTH_TO_SPACE", "SPACE_TO_DEPTH"]


def node(b, op_name, dtype, batch, h, w, c, bs):
    """h, w: the smaller spatial size; c: the smaller depth."""
    small, large = [batch, h, w, c * bs * bs], [batch, h * bs, w * bs, c]
    shape_in, shape_out = (small, large) if op_name == "DEPTH_TO_SPACE" else (large, small)
    q = random_quant(b.rng, "int8") if dtype == "int8" else None
    b.node(op_name, [b.input(shape_in, dtype, q)], [b.output(shape_out, dtype, q)], blockSize=bs)
