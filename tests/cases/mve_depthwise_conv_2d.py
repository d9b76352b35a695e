"""Case builders of the mve_depthwise_conv_2d tests that other test modules use too."""

import numpy as np

from cases.depthwise_conv_2d import geometry, options, output_quant
from kernel_harness import rand_scale
from modelkit import GraphBuilder


def int8_case(seed: int, three_by_three: bool = False, multiplier: int = 1) -> bytes:
    rng = np.random.default_rng(seed)
    g = geometry(rng)
    if three_by_three:
        from cases.depthwise_conv_2d import out_size

        g.update(kh=3, kw=3, dh=1, dw=1, h=g["h"] + 2, w=g["w"] + 2)
        g.update(oh=out_size(g["padding"], g["h"], 3, g["sh"], 1), ow=out_size(g["padding"], g["w"], 3, g["sw"], 1))
    in_depth = int(rng.choice([1, 3, 7, 8, 9, 16, 20, 24, 33, 40]))
    out_depth = in_depth * multiplier
    per_channel = bool(rng.integers(0, 4))
    taps = g["kh"] * g["kw"]
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    in_scale = out_scale / (max(w_scale) * np.sqrt(taps) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    b = GraphBuilder()
    x = b.tensor([g["batches"], g["h"], g["w"], in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor(
        [1, g["kh"], g["kw"], out_depth],
        "int8",
        w_scale,
        [0] * len(w_scale),
        data=rng.integers(-127, 128, size=(1, g["kh"], g["kw"], out_depth)),
        axis=3,
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
    y = b.tensor([g["batches"], g["oh"], g["ow"], out_depth], "int8", out_scale, out_zp)
    b.op("DEPTHWISE_CONV_2D", inputs, [y], version=3, **options(g, multiplier, activation))
    return b.build([x], [y])
