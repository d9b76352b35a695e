"""Case builders of the transpose_conv tests that other test modules use too."""

import numpy as np
from op_cases import Batch

from kernel_harness import rand_scale

SAME, VALID = 0, 1


ACC_SPREAD = {"int8": 74.0 * 73.0, "int16": 18900.0 * 73.0}  # a product's standard deviation at full range


def geometry(rng) -> dict:
    """Random shapes and options; the output size the converter gives, or now and then one a step off."""
    h, w = (int(v) for v in rng.integers(1, 6, size=2))
    kh, kw = (int(v) for v in rng.integers(1, 5, size=2))
    sh, sw = (int(v) for v in rng.integers(1, 4, size=2))
    padding = int(rng.integers(0, 2))
    oh, ow = (h * sh, w * sw) if padding == SAME else ((h - 1) * sh + kh, (w - 1) * sw + kw)
    if rng.integers(0, 4) == 0:
        oh, ow = max(1, oh + int(rng.integers(-1, 2))), max(1, ow + int(rng.integers(-1, 2)))
    return dict(batches=int(rng.choice([1, 1, 2])), h=h, w=w, kh=kh, kw=kw, sh=sh, sw=sw, padding=padding, oh=oh, ow=ow)


def transpose_conv_node(b: Batch, dtype: str, g: dict, in_depth: int, out_depth: int, bias: str | None):
    """One node; bias is None or the bias tensor's type."""
    rng = b.rng
    activation = int(rng.integers(0, 4))
    filter_shape = [out_depth, g["kh"], g["kw"], in_depth]
    out_shape = [g["batches"], g["oh"], g["ow"], out_depth]
    shape = b.constant(np.array(out_shape, dtype=np.int32), "int32")
    if dtype == "float32":
        x = b.input([g["batches"], g["h"], g["w"], in_depth], "float32")
        f = b.constant(rng.normal(size=filter_shape).astype(np.float32), "float32")
        inputs = [shape, f, x]
        if bias:
            inputs.append(b.constant(rng.normal(size=out_depth).astype(np.float32), "float32"))
        y = b.output(out_shape, "float32")
    else:
        taps = g["kh"] * g["kw"] * in_depth
        w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if rng.integers(0, 4) else 1)]
        out_scale = rand_scale(rng, 0.01, 0.5) if dtype == "int8" else rand_scale(rng, 1e-4, 1e-2)
        # the input scale that spreads the accumulators over a fair part of the output range
        target = 40.0 if dtype == "int8" else 8000.0
        multiplier = target / (ACC_SPREAD[dtype] * np.sqrt(taps)) * float(np.exp(rng.uniform(-1.0, 1.0)))
        in_scale = out_scale * multiplier / max(w_scale)
        zps = (int(rng.integers(-128, 128)), int(rng.integers(-128, 128))) if dtype == "int8" else (0, 0)
        x = b.input([g["batches"], g["h"], g["w"], in_depth], dtype, (in_scale, zps[0]))
        f = b.constant(
            rng.integers(-127, 128, size=filter_shape).astype(np.int8), "int8", (w_scale, [0] * len(w_scale))
        )
        inputs = [shape, f, x]
        if bias:
            spread = int(ACC_SPREAD[dtype] * np.sqrt(taps)) if bias != "int16" else 30000
            values = rng.integers(-spread, spread + 1, size=out_depth).astype(bias)
            inputs.append(b.constant(values, bias, ([in_scale * s for s in w_scale], [0] * len(w_scale))))
        y = b.output(out_shape, dtype, (out_scale, zps[1]))
    version = 4 if activation else 3
    b.node(
        "TRANSPOSE_CONV",
        inputs,
        [y],
        version=version,
        padding=g["padding"],
        strideH=g["sh"],
        strideW=g["sw"],
        fusedActivationFunction=activation,
    )
