"""Case builders of the custom_ops tests that other test modules use too."""

from flatbuffers import flexbuffers

import modelkit
from conftest import FIXTURES
from generator import zoo

CUSTOM = FIXTURES.parent / "custom_ops"


def speech_with_custom_softmax(name="MySoftmax", version=1, options=None) -> bytes:
    """tflite_micro_speech (a real model from the zoo) with its SOFTMAX node turned into a custom op."""
    model = modelkit.unpack(zoo.fetch("tflite_micro_speech").read_bytes())
    code = modelkit.schema.OperatorCodeT()
    code.builtinCode, code.deprecatedBuiltinCode, code.customCode, code.version = 32, 32, name, version
    model.operatorCodes.append(code)
    softmax = next(
        op
        for op in model.subgraphs[0].operators
        if model.operatorCodes[op.opcodeIndex].builtinCode == modelkit.OPS["SOFTMAX"]
    )
    softmax.opcodeIndex = len(model.operatorCodes) - 1
    softmax.builtinOptionsType, softmax.builtinOptions = 0, None
    softmax.customOptions = list(flexbuffers.Dumps(options if options is not None else {"shift": 2}))
    return modelkit.pack(model)
