"""CONV_2D in the dsp backend: randomized int8 cases (filter sizes including 1x1, strides, dilations, SAME/VALID
padding, input depths that make the window rows whole words or not, filter depths around the 8-tap steps,
pixel counts around the 6-pixel groups, batches, per-channel and per-tensor filters, optional bias, fused
activations) against TFLite Micro, on the host build and on the Cortex-M4, M7 and M33 in QEMU; every case
asserts that the node went to the dsp backend. Pruned channels (all-zero weights, a saturating bias) stay with
the dsp kernels; grouped filters and multipliers of 0.5 or more fall back to the reference kernel."""

import numpy as np
import pytest

from cases.dsp_conv_2d import SAME, VALID, case, out_size, output_quant
from kernel_harness import on_backend, rand_scale, seed_groups, verify_cases
from modelkit import GraphBuilder

BACKENDS = ["dsp", "reference"]


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
    # the direct form (depth-1 input, whole-word filter rows, up to 16 channels): tflite_micro_speech's first layer,
    # channels past the last block of four with a clamp, a one-row filter at stride 3
    "direct 10x8 stride 2": (1, 49, 40, 1, 8, 10, 8, 2, SAME, 1, 1, -128),
    "direct tail channels clamp": (2, 12, 11, 1, 7, 3, 4, 1, VALID, 3, 1, -100),
    "direct 1x12 stride 3": (1, 9, 16, 1, 16, 1, 12, 3, SAME, 0, 1, None),
}


def dsp_cases(seeds, **options) -> dict:
    return on_backend("dsp", BACKENDS, {f"seed {seed}": case(seed, **options) for seed in seeds})


@pytest.mark.parametrize("seeds", seed_groups(50), ids=str)
def test_random(seeds):
    verify_cases(dsp_cases(seeds), count=2, seed=seeds[0], backends=BACKENDS)


@pytest.mark.parametrize("seeds", seed_groups(20), ids=str)
def test_pointwise(seeds):
    verify_cases(dsp_cases(seeds, pointwise=True), count=2, seed=seeds[0], backends=BACKENDS)


@pytest.mark.parametrize("seeds", seed_groups(20), ids=str)
def test_direct(seeds):
    verify_cases(dsp_cases(seeds, direct=True), count=2, seed=seeds[0], backends=BACKENDS)


def test_direct_form_is_chosen_for_its_shapes_only():
    """The generator lays out the direct form's weights for the nodes it claims (conv_2d.h), and only for them."""
    from generator.check import check
    from generator.model import read_model
    from generator.plan import plan

    def direct(model: bytes) -> bool:
        p = plan(check(read_model(model), backends=BACKENDS))
        return "direct_weights" in p.nodes[0].params.fields

    assert all(direct(case(seed, direct=True)) for seed in range(10))
    assert not any(direct(explicit_case(1, *PATHS[path])) for path in PATHS if not path.startswith("direct"))


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
