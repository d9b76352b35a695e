"""Case builders of the dsp_add tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def add_case(seed: int, shapes=None, dtype="int8") -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(v) for v in rng.integers(1, 9, size=int(rng.integers(1, 5)))]
    shape1, shape2 = shapes or (shape, shape)
    constant = int(rng.integers(-1, 2)) if shapes is None and dtype == "int8" else -1
    g = GraphBuilder()
    ids = []
    for k, s in enumerate((shape1, shape2)):
        if dtype == "int8":
            data = rng.integers(-128, 128, size=s) if k == constant else None
            ids.append(g.tensor(s, "int8", rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)), data=data))
        else:
            ids.append(g.tensor(s, "float32"))
    out_shape = list(np.broadcast_shapes(tuple(shape1), tuple(shape2)))
    activation = int(rng.choice([0, 1, 2, 3]))
    if dtype == "int8":
        y = g.tensor(out_shape, "int8", rand_scale(rng, 0.01, 0.3), int(rng.integers(-128, 128)))
    else:
        y = g.tensor(out_shape, "float32")
    g.op("ADD", ids, [y], version=2 if dtype == "int8" else 1, fusedActivationFunction=activation)
    return g.build([i for k, i in enumerate(ids) if k != constant], [y])
