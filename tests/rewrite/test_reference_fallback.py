"""verify's reference for models TFLite Micro refuses: LiteRT's reference kernels for float models, nothing
for integer ones."""

import numpy as np
import pytest

import modelkit
from generator.errors import McugenError
from generator.model import read_model
from generator.reference.fallback import TFLM, reference_with_fallback


def _float16_add(input_dtype: str) -> bytes:
    g = modelkit.GraphBuilder()
    quant = {"scale": 0.1, "zero_point": 0} if input_dtype == "int8" else {}
    x = g.tensor([1, 4], input_dtype, **quant)
    if input_dtype == "int8":
        wide = g.tensor([1, 4], "float32")
        g.op("DEQUANTIZE", [x], [wide])
    else:
        wide = x
    w16 = g.tensor([1, 4], "float16", data=[[0.5, -1.25, 2.0, 3.0]])
    w, y = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("DEQUANTIZE", [w16], [w], version=3)
    g.op("ADD", [wide, w], [y])
    return g.build([x], [y])


def test_a_float_model_tflm_refuses_runs_on_litert_reference_kernels():
    x = np.array([[1.0, 2.0, 3.0, 4.0]], dtype=np.float32)
    outputs, reference = reference_with_fallback(read_model(_float16_add("float32")), [[x]], 1)
    assert reference.startswith("LiteRT builtin reference kernels") and reference != TFLM
    assert np.array_equal(outputs[0][0], x + np.float32([[0.5, -1.25, 2.0, 3.0]]))


def test_an_integer_model_keeps_tflite_micro_as_its_only_reference():
    x = np.array([[1, 2, 3, 4]], dtype=np.int8)
    with pytest.raises(McugenError, match="integer models and models with custom ops have no other reference"):
        reference_with_fallback(read_model(_float16_add("int8")), [[x]], 1)
