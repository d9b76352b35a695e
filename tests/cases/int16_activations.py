"""Case builders of the int16_activations tests that other test modules use too."""

import numpy as np

from cases.pooling import ACTIVATIONS, out_size
from kernel_harness import rand_scale


def pool_node(b, op_name):
    batches, h, w, depth = (
        int(v) for v in (b.rng.integers(1, 3), *b.rng.integers(1, 12, size=2), b.rng.integers(1, 6))
    )
    fh, fw = int(b.rng.integers(1, min(h, 5) + 1)), int(b.rng.integers(1, min(w, 5) + 1))
    sh, sw = (int(v) for v in b.rng.integers(1, 4, size=2))
    padding = int(b.rng.integers(0, 2))
    quant = (rand_scale(b.rng, 1e-4, 1e-2), 0)
    x = b.input([batches, h, w, depth], "int16", quant)
    y = b.output([batches, out_size(padding, h, fh, sh), out_size(padding, w, fw, sw), depth], "int16", quant)
    act = int(b.rng.choice(ACTIVATIONS))
    opts = dict(padding=padding, strideH=sh, strideW=sw, filterHeight=fh, filterWidth=fw, fusedActivationFunction=act)
    b.node(op_name, [x], [y], version=3, **opts)


def softmax_node(b):
    shape = [int(v) for v in b.rng.integers(1, 4, size=int(b.rng.integers(0, 3)))] + [int(b.rng.integers(1, 80))]
    in_scale = rand_scale(b.rng, 1e-4, 2e-3)
    beta = float(b.rng.choice([1.0, b.rng.uniform(0.1, 3.0)]))
    spread = int(b.rng.choice([300, 3000, 32767]))  # differences inside the exp table's [-10, 0] or far beyond
    x = b.input(shape, "int16", (in_scale, 0), lambda rng, s: rng.integers(-spread, spread + 1, size=s, dtype=np.int16))
    b.node("SOFTMAX", [x], [b.output(shape, "int16", (1.0 / 32768, 0))], version=3, beta=beta)
