"""Case builders of the broadcast_to tests that other test modules use too."""

import numpy as np
from op_cases import random_quant


def broadcast_node(b, dtype, out, shape, target_type="int32"):
    q = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
    x = b.input(shape, dtype, q)
    target = b.constant(np.array(out), target_type)
    b.node("BROADCAST_TO", [x, target], [b.output(out, dtype, q)], version=2)
