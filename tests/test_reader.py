"""read stage: real models parse into the typed graph; malformed bytes give McugenError, never a crash."""

import numpy as np
import pytest

from conftest import MLP_INT8, SINE_FLOAT
from generator.errors import McugenError
from generator.model import read_model


def test_sine_float_graph():
    g = read_model(SINE_FLOAT.read_bytes())
    assert [op.op_name for op in g.operators] == ["FULLY_CONNECTED"] * 3
    assert [op.version for op in g.operators] == [1, 1, 1]
    assert g.tensors[g.inputs[0]].shape == (1, 1) and g.tensors[g.inputs[0]].dtype.name == "FLOAT32"
    assert g.operators[0].options["fused_activation_function"] == 1  # RELU
    weights = g.tensors[g.operators[0].inputs[1]]
    assert weights.array().shape == (16, 1) and weights.array().dtype == np.float32


def test_int8_fixture_quantization():
    g = read_model(MLP_INT8.read_bytes())
    inp = g.tensors[g.inputs[0]]
    assert inp.dtype.name == "INT8" and len(inp.quant.scale) == 1
    weights = g.tensors[g.operators[0].inputs[1]]
    assert len(weights.quant.scale) == weights.shape[0]  # the converter quantizes dense weights per channel


@pytest.mark.parametrize("data", [b"", b"TFL3", b"\x00" * 64, b"hello world, not a model at all"])
def test_not_a_model(data):
    with pytest.raises(McugenError, match="not a TFLite model"):
        read_model(data)


@pytest.mark.parametrize("cut", [12, 100, 400, 1000, 3000])
def test_truncated_model(cut):
    data = SINE_FLOAT.read_bytes()[:cut]
    with pytest.raises(McugenError):
        read_model(data)
