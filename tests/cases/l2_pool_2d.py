"""Case builders of the l2_pool_2d tests that other test modules use too."""

from cases.pooling import ACTIVATIONS, out_size


def l2_pool_node(b, max_side=10):
    rng = b.rng
    batches, h, w, depth = int(rng.integers(1, 3)), int(rng.integers(1, max_side)), int(rng.integers(1, max_side)), 3
    fh, fw = int(rng.integers(1, min(h, 4) + 1)), int(rng.integers(1, min(w, 4) + 1))
    sh, sw, padding = int(rng.integers(1, 4)), int(rng.integers(1, 4)), int(rng.integers(0, 2))
    x = b.input([batches, h, w, depth], "float32")
    y = b.output([batches, out_size(padding, h, fh, sh), out_size(padding, w, fw, sw), depth], "float32")
    options = dict(padding=padding, strideH=sh, strideW=sw, filterHeight=fh, filterWidth=fw)
    b.node("L2_POOL_2D", [x], [y], fusedActivationFunction=int(rng.choice(ACTIVATIONS)), **options)
