"""The heavy-ops issue's converter-made fixtures (scripts/heavy_fixtures.py, TF 2.21), bit-exact with TFLite Micro
in QEMU with the reference kernels on mps2-an386 (Cortex-M4) and with the optimized ones: dsp on mps2-an386, mve
on mps3-an547 (Cortex-M55). One firmware build per fixture, board and backend list. The builtin ops of each:

- kws_int16x8 (9.0 KB; int16 I/O, 16-bit activations and 8-bit weights, int64 biases): a DS-CNN-style keyword
  spotter, CONV_2D DEPTHWISE_CONV_2D CONV_2D DEPTHWISE_CONV_2D CONV_2D AVERAGE_POOL_2D FULLY_CONNECTED SOFTMAX
- autoencoder_int8 (6.2 KB; int8 I/O) and autoencoder_float (12.5 KB): CONV_2D CONV_2D TRANSPOSE_CONV RELU
  TRANSPOSE_CONV (Keras Conv2DTranspose with bias; the converter leaves the first one's ReLU unfused)
"""

import pytest

from conftest import FIXTURES
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

OPS = {
    "kws_int16x8": "CONV_2D DEPTHWISE_CONV_2D CONV_2D DEPTHWISE_CONV_2D CONV_2D AVERAGE_POOL_2D FULLY_CONNECTED "
    "SOFTMAX",
    "autoencoder_int8": "CONV_2D CONV_2D TRANSPOSE_CONV RELU TRANSPOSE_CONV",
    "autoencoder_float": "CONV_2D CONV_2D TRANSPOSE_CONV RELU TRANSPOSE_CONV",
}
M4, M55 = "mps2-an386", "mps3-an547"
REFERENCE, DSP, MVE = ["reference"], ["dsp", "reference"], ["mve", "dsp", "reference"]
CASES = [
    ("kws_int16x8", M4, REFERENCE),
    ("kws_int16x8", M4, DSP),
    ("kws_int16x8", M55, MVE),
    ("autoencoder_int8", M4, REFERENCE),
    ("autoencoder_int8", M4, DSP),
    ("autoencoder_int8", M55, MVE),
    ("autoencoder_float", M4, REFERENCE),
    ("autoencoder_float", M55, MVE),
]


@pytest.mark.parametrize("name", OPS)
def test_fixture_holds_the_ops_it_is_named_for(name):
    graph = read_model((FIXTURES / f"{name}.tflite").read_bytes())
    assert " ".join(op.op_name for op in graph.operators) == OPS[name]


def test_optimized_kernels_claim_the_int16x8_spotters_weighted_nodes():
    graph = read_model((FIXTURES / "kws_int16x8.tflite").read_bytes())
    for backends in (DSP, MVE):
        kernels = check(graph, backends=backends).kernels
        weighted = [k.backend for k, op in zip(kernels, graph.operators) if op.op_name != "SOFTMAX"][:5]
        assert weighted == [backends[0]] * 5, weighted


@pytest.mark.qemu
@pytest.mark.parametrize(("name", "board", "backends"), CASES)
def test_fixture_bit_exact_in_qemu(name, board, backends):
    model = (FIXTURES / f"{name}.tflite").read_bytes()
    assert len(verify_model(model, count=3, seed=5, qemu=True, board=board, backends=backends)) == 3
