"""Case builders of the embedding_lookup tests that other test modules use too."""

import numpy as np
from op_cases import random_quant

from kernel_harness import rand_scale


def lookup_node(b, table_type, out_type, table_shape, lookups, constant=False):
    if out_type == "float32" and table_type == "int8":  # hybrid: zero point 0, any scale
        q_table, q_out = (rand_scale(b.rng, 1e-3, 1.0), 0), None
    else:
        q_table = q_out = random_quant(b.rng, "int8") if table_type == "int8" else None
    rows = table_shape[0]
    table = b.input(table_shape, table_type, q_table)
    if constant:
        ids = b.constant(b.rng.integers(0, rows, size=[lookups]).astype(np.int32), "int32")
    else:
        ids = b.input([lookups], "int32", values=lambda rng, s: rng.integers(0, rows, size=s).astype(np.int32))
    b.node("EMBEDDING_LOOKUP", [ids, table], [b.output([lookups, *table_shape[1:]], out_type, q_out)])
