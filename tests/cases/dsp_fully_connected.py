"""Case builders of the dsp_fully_connected tests that other test modules use too."""

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def case(seed: int, multiplier_scale: float = 1.0, pruned: int = 0, depth_units=None) -> bytes:
    """A random node; `depth_units` sets its input depth and output count."""
    rng = np.random.default_rng(seed)
    batches = int(rng.choice([1, 1, 2, 3]))
    depth = int(rng.choice([1, 3, 4, 7, 8, 9, 16, 31, 64, 100, 257, 640]))
    units = int(rng.choice([1, 2, 3, 4, 5, 8, 11, 16, 33]))
    depth, units = depth_units or (depth, units)
    per_channel = bool(rng.integers(0, 2))
    out_scale = rand_scale(rng, 0.01, 0.5)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    in_scale = (
        multiplier_scale * out_scale / (max(w_scale) * np.sqrt(depth) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    )
    weights = rng.integers(-127, 128, size=(units, depth))
    spread = int(np.sqrt(depth) * 3000)
    biases = rng.integers(-spread, spread + 1, size=units)
    for c in rng.choice(units, size=min(pruned, units), replace=False):
        weights[c] = 0
        biases[c] = int(rng.choice([-1, 1])) * int(rng.integers((1 << 30) - 200, (1 << 30) + 200))
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int8", w_scale, [0] * len(w_scale), data=weights)
    inputs = [x, w]
    if pruned or rng.integers(0, 4):
        inputs.append(g.tensor([units], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases))
    else:
        inputs.append(-1)
    y = g.tensor([batches, units], "int8", out_scale, int(rng.integers(-128, 128)))
    g.op(
        "FULLY_CONNECTED",
        inputs,
        [y],
        version=4 if inputs[2] != -1 else 6,
        fusedActivationFunction=int(rng.choice([0, 1, 2, 3])),
    )
    return g.build([x], [y])


def wide_range_case(seed: int, large_ratio: bool, huge_bias: bool) -> bytes:
    """A node at the edges of the dsp kernel's fast requantization: with `large_ratio` a scale ratio (input scale
    times weight scale over output scale) from 0.5 to 64, a left shift, with small weights so that some outputs stay
    inside int8; with `huge_bias` biases of 2^30 or more whose sums the kernel checks one by one (all but the
    largest that keep every int32 sum from overflowing), with a tiny ratio (a right shift of about 24) and output
    zero points near 0 where the ratio is not large, so that those outputs stay inside int8 too."""
    rng = np.random.default_rng(seed)
    batches = int(rng.choice([1, 2]))
    depth = int(rng.choice([1, 2, 3, 5, 8, 9, 16, 33]))
    units = int(rng.choice([1, 3, 4, 5, 8, 13]))
    per_channel = bool(rng.integers(0, 2))
    out_scale = rand_scale(rng, 0.01, 0.5)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(units if per_channel else 1)]
    ratio = rand_scale(rng, 0.5, 64.0) if large_ratio else rand_scale(rng, 2.0**-25, 2.0**-22)
    in_scale = ratio * out_scale / max(w_scale)
    weights = rng.integers(-2, 3, size=(units, depth)) if large_ratio else rng.integers(-127, 128, size=(units, depth))
    if huge_bias:
        top = (1 << 31) - 1 - 512 * int(np.abs(weights).sum(axis=1).max())
        biases = rng.choice([-1, 1], size=units) * rng.integers(1 << 30, top, size=units)
    else:
        biases = rng.integers(-40, 41, size=units)
    out_zero_point = int(rng.integers(-128, 128)) if large_ratio else int(rng.integers(-8, 9))
    g = GraphBuilder()
    x = g.tensor([batches, depth], "int8", in_scale, int(rng.integers(-128, 128)))
    w = g.tensor([units, depth], "int8", w_scale, [0] * len(w_scale), data=weights)
    b = g.tensor([units], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases)
    y = g.tensor([batches, units], "int8", out_scale, out_zero_point)
    g.op("FULLY_CONNECTED", [x, w, b], [y], version=4, fusedActivationFunction=int(rng.choice([0, 1, 2, 3])))
    return g.build([x], [y])
