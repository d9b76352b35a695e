"""Case builders of the dynamic_update_slice tests that other test modules use too."""

from op_cases import Batch, random_quant


def update_node(b: Batch, dtype: str, operand_shape, update_shape, index_type="int32", constant=False):
    """One node; its start indices a graph input drawn from [-2, extent + 2], or (`constant`) a constant."""
    quant = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
    operand = b.input(operand_shape, dtype, quant)
    update = b.input(update_shape, dtype, quant)
    top = max(operand_shape) + 2

    def draw(rng, shape):
        return rng.integers(-2, top + 1, size=shape).astype(index_type)

    if constant:
        indices = b.constant(draw(b.rng, [len(operand_shape)]), index_type)
    else:
        indices = b.input([len(operand_shape)], index_type, values=draw)
    b.node("DYNAMIC_UPDATE_SLICE", [operand, update, indices], [b.output(operand_shape, dtype, quant)])
