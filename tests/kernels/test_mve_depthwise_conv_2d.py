"""DEPTHWISE_CONV_2D in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on mps3-an547:
randomized int8 cases (3x3 and other filters, strides, dilations, padding, batches, per-tensor and per-channel
filters, channel counts around the 8- and 16-lane blocks, fused activations), each node checked to run on the mve
kernel; depth multipliers above 1 stay with the reference kernel."""

import numpy as np
import pytest

from cases.conv_2d import EXTREME_REALS
from cases.depthwise_conv_2d import output_quant
from cases.mve_depthwise_conv_2d import int8_case
from generator.check import check
from generator.model import read_model
from kernel_harness import on_backend, rand_scale, verify_cases
from modelkit import GraphBuilder

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def fast_case(seed: int, channels: int, stride: int, padding: int, h: int, w: int, batches: int = 1) -> bytes:
    """A 3x3 depthwise node of the shape the assembly path takes."""
    from cases.depthwise_conv_2d import out_size

    rng = np.random.default_rng(seed)
    oh, ow = out_size(padding, h, 3, stride, 1), out_size(padding, w, 3, stride, 1)
    activation = int(rng.choice([0, 1, 3]))
    out_scale, out_zp = output_quant(rng, activation)
    w_scale = [rand_scale(rng, 1e-3, 2e-2) for _ in range(channels)]
    in_scale = out_scale / (max(w_scale) * 3 * 40.0 * float(np.exp(rng.uniform(-0.5, 1.0))))
    b = GraphBuilder()
    x = b.tensor([batches, h, w, channels], "int8", in_scale, int(rng.integers(-128, 128)))
    f = b.tensor(
        [1, 3, 3, channels],
        "int8",
        w_scale,
        [0] * channels,
        data=rng.integers(-127, 128, size=(1, 3, 3, channels)),
        axis=3,
    )
    bias = b.tensor(
        [channels],
        "int32",
        [in_scale * s for s in w_scale],
        [0] * channels,
        data=rng.integers(-9000, 9000, size=channels),
    )
    y = b.tensor([batches, oh, ow, channels], "int8", out_scale, out_zp)
    b.op(
        "DEPTHWISE_CONV_2D",
        [x, f, bias],
        [y],
        version=3,
        padding=padding,
        strideH=stride,
        strideW=stride,
        depthMultiplier=1,
        fusedActivationFunction=activation,
    )
    return b.build([x], [y])


def extreme_scales_case() -> bytes:
    """Per-channel scales from subnormal (multiplier 0) through tiny right shifts to a left shift of 4."""
    rng = np.random.default_rng(17)
    in_scale, out_scale = 0.05, 0.1
    w_scale = [float(np.float32(r * out_scale / in_scale)) for r in EXTREME_REALS]
    channels = len(w_scale)
    b = GraphBuilder()
    x = b.tensor([1, 5, 5, channels], "int8", in_scale, 3)
    f = b.tensor(
        [1, 3, 3, channels], "int8", w_scale, [0] * channels, data=rng.integers(-3, 4, (1, 3, 3, channels)), axis=3
    )
    y = b.tensor([1, 5, 5, channels], "int8", out_scale, -7)
    b.op("DEPTHWISE_CONV_2D", [x, f], [y], version=3, padding=0, strideH=1, strideW=1, depthMultiplier=1)
    return b.build([x], [y])


FAST_3X3 = [  # channels, stride, padding, h, w, batches
    (16, 1, 0, 6, 5, 1),
    (32, 2, 0, 7, 8, 2),
    (48, 2, 1, 9, 9, 1),
    (64, 1, 1, 5, 3, 1),
    (16, 2, 0, 6, 4, 1),  # 16-channel blocks read the last row from the input: a right edge only
    (32, 1, 0, 4, 7, 1),  # both edges, three pixels between
    (16, 1, 0, 3, 1, 1),  # one pixel, both of its side taps outside
    (8, 1, 0, 5, 6, 1),
    (4, 1, 0, 4, 8, 1),
    (2, 1, 1, 3, 10, 1),
    (1, 1, 0, 4, 16, 1),
]


def fast_3x3_case(channels, stride, padding, h, w, batches) -> bytes:
    """The assembly path: 16-channel blocks at strides 1 and 2, 1-8 channels packed into 16 lanes."""
    from generator.catalog.ops.depthwise_conv_2d import mve_depthwise_conv_2d as dw

    model = fast_case(channels + stride, channels, stride, padding, h, w, batches)
    graph = read_model(model)
    op = graph.operators[0]
    assert dw.fast_path(op, [graph.tensors[i] for i in op.inputs], [graph.tensors[i] for i in op.outputs])
    return model


@pytest.mark.qemu
def test_int8_in_qemu():
    """Random cases, 3x3 ones, the fast 3x3 assembly path and extreme scales, every node on the mve kernel, in
    one firmware."""
    cases = {f"seed {seed}": int8_case(seed) for seed in range(10)}
    cases |= {f"3x3 seed {seed}": int8_case(seed, three_by_three=True) for seed in range(200, 206)}
    cases |= {f"fast 3x3 {shape}": fast_3x3_case(*shape) for shape in FAST_3X3}
    cases["extreme scales"] = extreme_scales_case()
    verify_cases(on_backend("mve", BACKENDS, cases), count=2, seed=3, qemu=True, backends=BACKENDS, board=BOARD)


def test_depth_multiplier_goes_to_the_multiplier_kernel():
    """depthwise_conv_2d_multiplier_s8_mve.c (test_dsp_depthwise_conv_2d_multiplier.py verifies it in QEMU)."""
    assert backends_of(int8_case(5, multiplier=2)) == ["mve"]


def test_weights_in_blocks_go_over_the_model_buffer():
    """The kernel's weight layouts are permutations of the filter's bytes when the channels fill whole blocks (16
    lanes on the assembly path, 8 on the other): written over the model's buffer (generator/plan/in_place.py),
    no second copy; a padded block keeps a copy. test_int8_in_qemu runs such nodes bit-exact."""
    from generator.catalog import CExpr
    from generator.plan import plan

    for model, in_place in (
        (fast_3x3_case(16, 1, 0, 6, 5, 1), True),  # assembly path
        (fast_case(1, 8, 2, 0, 6, 5), True),  # 8-channel blocks
        (fast_case(2, 12, 2, 0, 6, 5), False),  # 12 channels: the second block padded
    ):
        the_plan = plan(check(read_model(model), backends=BACKENDS))
        weights = the_plan.nodes[0].params.fields["weights"]
        assert isinstance(weights, CExpr) == in_place, weights
        assert ("weights" in {p.field for p in the_plan.in_place}) == in_place
