"""Case builders of the mve_conv_2d tests that other test modules use too."""

import numpy as np

from cases.conv_2d import EXTREME_REALS, geometry, options, output_quant
from kernel_harness import rand_scale
from modelkit import GraphBuilder


def int8_case(seed: int, pointwise: bool = False, in_depth: int | None = None) -> bytes:
    """A random node; `in_depth` fixes the input depth (16 or 32: filter rows of whole 16-byte blocks, whose windows
    the kernel interleaves from where they lie)."""
    rng = np.random.default_rng(seed)
    g = geometry(rng)
    if pointwise:
        g.update(kh=1, kw=1, dh=1, dw=1)
        from cases.conv_2d import out_size

        g.update(oh=out_size(g["padding"], g["h"], 1, g["sh"], 1), ow=out_size(g["padding"], g["w"], 1, g["sw"], 1))
    in_depth = in_depth or int(rng.choice([1, 3, 8, 15, 16, 17, 32, 40]))
    out_depth = int(rng.integers(1, 21))
    per_channel = bool(rng.integers(0, 4))
    taps = g["kh"] * g["kw"] * in_depth
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    in_scale = out_scale / (max(w_scale) * np.sqrt(taps) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    b = GraphBuilder()
    x = b.tensor([g["batches"], g["h"], g["w"], in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor(
        [out_depth, g["kh"], g["kw"], in_depth],
        "int8",
        w_scale,
        [0] * len(w_scale),
        data=rng.integers(-127, 128, size=(out_depth, g["kh"], g["kw"], in_depth)),
    )
    inputs = [x, f]
    if rng.integers(0, 4):
        spread = int(np.sqrt(taps) * 3000)
        inputs.append(
            b.tensor(
                [out_depth],
                "int32",
                [in_scale * s for s in w_scale],
                [0] * len(w_scale),
                data=rng.integers(-spread, spread + 1, size=out_depth),
            )
        )
    else:
        inputs.append(-1)
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "int8", out_scale, out_zp)
    b.op("CONV_2D", inputs, [y], version=3, **options(g, activation))
    return b.build([x], [y])


def extreme_scales_case(kernel: int = 3, depth: int = 18) -> bytes:
    """Per-channel scales from subnormal (multiplier 0) through tiny right shifts to a left shift of 4."""
    rng = np.random.default_rng(17)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    channels = len(w_scale)
    b = GraphBuilder()
    x = b.tensor([1, 5, 5, depth], "int8", in_scale, 3)
    f = b.tensor(
        [channels, kernel, kernel, depth],
        "int8",
        w_scale,
        [0] * channels,
        data=rng.integers(-3, 4, (channels, kernel, kernel, depth)),
    )
    y = b.tensor([1, 5, 5, channels], "int8", out_scale, -7)
    b.op("CONV_2D", [x, f, -1], [y], version=3, padding=0, strideH=1, strideW=1)
    return b.build([x], [y])
