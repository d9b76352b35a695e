"""Case builders of the broadcast_args tests that other test modules use too."""

import numpy as np
from op_cases import Batch


def compatible_pair(rng):
    """Two shape vectors that broadcast together (each dimension equal or 1; one of them may be empty) and the
    length of their broadcast."""
    out = [int(rng.integers(1, 9)) for _ in range(int(rng.integers(1, 6)))]
    shapes = []
    for _ in range(2):
        s = [d if rng.integers(0, 2) else 1 for d in out]
        shapes.append(s[int(rng.integers(0, len(out) + 1)) :])
    k = int(rng.integers(0, 2))
    shapes[k] = [1] * (len(out) - len(shapes[k])) + shapes[k]  # one has the full length
    return shapes, len(out)


def args_batch(dtype, seed, cases=20):
    b = Batch(seed)
    for _ in range(cases):
        (s1, s2), n = compatible_pair(b.rng)
        ids = [b.input([len(s)], dtype, values=lambda rng, shape, v=s: np.array(v, dtype=dtype)) for s in (s1, s2)]
        b.node("BROADCAST_ARGS", ids, [b.output([n], dtype)])
    return b
