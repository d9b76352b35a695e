"""CONV_2D in the dsp backend: randomized int8 cases (filter sizes including 1x1, strides, dilations, SAME/VALID
padding, input depths that make the window rows whole words or not, filter depths around the 8-tap steps,
pixel counts around the 6-pixel groups, batches, per-channel and per-tensor filters, optional bias, fused
activations) against TFLite Micro, on the host build and on the Cortex-M4, M7 and M33 in QEMU; every case
asserts that the node went to the dsp backend. Pruned channels (all-zero weights, a saturating bias) stay with
the dsp kernels; grouped filters and multipliers of 0.5 or more fall back to the reference kernel."""

import numpy as np
import pytest

from kernel_harness import on_backend, rand_scale, seed_groups, verify_cases
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]
SAME, VALID = 0, 1


def out_size(padding, size, taps, stride, dilation):
    effective = (taps - 1) * dilation + 1
    return -(-size // stride) if padding == SAME else -(-(size - effective + 1) // stride)


def output_quant(rng, activation):
    spread = float(np.exp(rng.uniform(-0.4, 0.4)))
    if activation == 3:  # RELU6
        return 6.0 / 255 * spread, int(rng.integers(-128, -120))
    if activation == 2:  # RELU_N1_TO_1
        return 2.0 / 255 * spread, int(rng.integers(-8, 9))
    if activation == 1:  # RELU
        return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, -100))
    return rand_scale(rng, 0.01, 0.5), int(rng.integers(-128, 128))


def case(
    seed: int,
    pointwise: bool = False,
    groups: int = 1,
    multiplier_scale: float = 1.0,
    pruned: int = 0,
    weights_type: str = "int8",
) -> bytes:
    """A random node; `weights_type` "int4" draws the filter from -8..7 and stores it as INT4 (version 7)."""
    rng = np.random.default_rng(seed)
    while True:
        batches = int(rng.choice([1, 1, 1, 2]))
        h, w = (int(v) for v in rng.integers(1, 13, size=2))
        kh, kw = (1, 1) if pointwise else (int(v) for v in rng.integers(1, 6, size=2))
        sh, sw = (1, 1) if pointwise and rng.integers(0, 2) else (int(v) for v in rng.integers(1, 4, size=2))
        dh, dw = (int(v) for v in (rng.integers(1, 3, size=2) if not pointwise and rng.integers(0, 4) == 0 else (1, 1)))
        padding = int(rng.integers(0, 2))
        oh, ow = out_size(padding, h, kh, sh, dh), out_size(padding, w, kw, sw, dw)
        if oh >= 1 and ow >= 1:
            break
    in_depth = groups * int(rng.choice([1, 2, 3, 4, 5, 8, 12, 16, 24, 32]))
    filter_depth = in_depth // groups
    out_depth = groups * int(rng.choice([1, 2, 3, 5, 8, 13, 16, 31]))
    per_channel = bool(rng.integers(0, 4))
    taps = kh * kw * filter_depth
    activation = int(rng.choice([0, 1, 2, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth if per_channel else 1)]
    in_scale = (
        multiplier_scale * out_scale / (max(w_scale) * np.sqrt(taps) * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    )
    if weights_type == "int4":  # the same spread of the sums with weights 16 times smaller
        in_scale *= 16
    low, high = (-127, 128) if weights_type == "int8" else (-8, 8)
    weights = rng.integers(low, high, size=(out_depth, kh, kw, filter_depth))
    b = GraphBuilder()
    x = b.tensor([batches, h, w, in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    inputs = [x]
    spread = int(np.sqrt(taps) * 3000)
    biases = rng.integers(-spread, spread + 1, size=out_depth)
    for c in rng.choice(out_depth, size=min(pruned, out_depth), replace=False):
        weights[c] = 0
        biases[c] = int(rng.choice([-1, 1])) * int(rng.integers((1 << 30) - 200, (1 << 30) + 200))
    inputs.append(b.tensor([out_depth, kh, kw, filter_depth], weights_type, w_scale, [0] * len(w_scale), data=weights))
    if pruned or rng.integers(0, 4):
        inputs.append(b.tensor([out_depth], "int32", [in_scale * s for s in w_scale], [0] * len(w_scale), data=biases))
    elif rng.integers(0, 2):
        inputs.append(-1)
    y = b.tensor([batches, oh, ow, out_depth], "int8", out_scale, out_zp)
    b.op(
        "CONV_2D",
        inputs,
        [y],
        version=7 if weights_type == "int4" else 6 if groups > 1 else 3,
        padding=padding,
        strideH=sh,
        strideW=sw,
        dilationHFactor=dh,
        dilationWFactor=dw,
        fusedActivationFunction=activation,
    )
    return b.build([x], [y])


def explicit_case(
    seed, batches, h, w, in_depth, out_depth, kh, kw, stride, padding, activation, dilation=1, out_zp=None
) -> bytes:
    """A case with the given shapes (for the kernel's paths: 1x1, whole-word rows, staged and padded-copy
    windows, k % 8 != 0, doubled or single columns, saturation or clamp)."""
    rng = np.random.default_rng(seed)
    oh, ow = out_size(padding, h, kh, stride, dilation), out_size(padding, w, kw, stride, dilation)
    out_scale, zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(out_depth)]
    taps = kh * kw * in_depth
    in_scale = out_scale / (max(w_scale) * np.sqrt(taps) * 40.0)
    b = GraphBuilder()
    x = b.tensor([batches, h, w, in_depth], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor(
        [out_depth, kh, kw, in_depth],
        "int8",
        w_scale,
        [0] * out_depth,
        data=rng.integers(-127, 128, size=(out_depth, kh, kw, in_depth)),
    )
    spread = int(np.sqrt(taps) * 3000)
    bias = b.tensor(
        [out_depth],
        "int32",
        [in_scale * s for s in w_scale],
        [0] * out_depth,
        data=rng.integers(-spread, spread + 1, size=out_depth),
    )
    y = b.tensor([batches, oh, ow, out_depth], "int8", out_scale, zp if out_zp is None else out_zp)
    b.op(
        "CONV_2D",
        [x, f, bias],
        [y],
        version=3,
        padding=padding,
        strideH=stride,
        strideW=stride,
        dilationHFactor=dilation,
        dilationWFactor=dilation,
        fusedActivationFunction=activation,
    )
    return b.build([x], [y])


PATHS = {  # name: (batches, h, w, in depth, out depth, kh, kw, stride, padding, activation, dilation, out zp)
    "pointwise doubled saturate": (1, 7, 5, 8, 16, 1, 1, 1, VALID, 1, 1, -128),
    "pointwise single clamp": (1, 5, 5, 64, 8, 1, 1, 1, VALID, 3, 1, -100),
    "3x3 rgb stride 2 last row clamp": (1, 11, 9, 3, 16, 3, 3, 2, SAME, 2, 1, None),
    "10x4 padded copy": (1, 20, 10, 1, 24, 10, 4, 2, SAME, 1, 1, -128),
    "3x3 whole words borders": (2, 9, 8, 16, 8, 3, 3, 1, SAME, 0, 1, None),
    "dilated": (1, 10, 9, 4, 12, 3, 2, 1, SAME, 0, 2, None),
    "1x1 stride 2": (1, 9, 9, 12, 20, 1, 1, 2, SAME, 1, 1, -120),
}


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(50), ids=str)
def test_random(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


@pytest.mark.parametrize("seeds", seed_groups(20), ids=str)
def test_pointwise(seeds):
    verify_cases(dsp_cases(seeds, pointwise=True), count=2, seed=seeds[0], backends=BACKENDS)


def test_pruned_channels():
    verify_cases(dsp_cases(range(4), pruned=3), count=2, seed=3, backends=BACKENDS)


QEMU_CASES = [(1, False, 0), (6, False, 0), (9, True, 0), (12, False, 2), (21, True, 0), (33, False, 0)]


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500"])
def test_in_qemu(board):
    cases = {
        f"seed {seed} pointwise {pointwise} pruned {pruned}": case(seed, pointwise=pointwise, pruned=pruned)
        for seed, pointwise, pruned in QEMU_CASES
    }
    verify_cases(on_backend("dsp", BACKENDS, cases), count=2, seed=1, backends=BACKENDS, qemu=True, board=board)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an500", "mps2-an505"])  # Cortex-M4, M7, M33
def test_paths_in_qemu(board):
    cases = {path: explicit_case(len(path), *PATHS[path]) for path in PATHS}
    verify_cases(on_backend("dsp", BACKENDS, cases), count=2, seed=3, backends=BACKENDS, qemu=True, board=board)


def test_paths():
    verify_cases({path: explicit_case(len(path), *PATHS[path]) for path in PATHS}, count=2, seed=3, backends=BACKENDS)


def test_fallbacks():
    cases = {"grouped": case(2, groups=2), "multiplier above 0.5": case(3, multiplier_scale=1e4)}
    verify_cases(on_backend("reference", BACKENDS, cases), count=1, backends=BACKENDS)
