"""check stage: FindOp semantics and messages that name every offending node."""

import numpy as np
import pytest

import modelkit
from conftest import SINE_FLOAT
from generator.check import CheckError, check
from generator.model import read_model


def sine_with(edit) -> bytes:
    model = modelkit.unpack(SINE_FLOAT.read_bytes())
    edit(model)
    return modelkit.pack(model)


def test_supported_model_binds_every_node():
    checked = check(read_model(SINE_FLOAT.read_bytes()))
    assert [k.op for k in checked.kernels] == ["FULLY_CONNECTED"] * 3


def test_unsupported_version_lists_every_node():
    def bump(model):
        model.operatorCodes[0].version = 77

    with pytest.raises(CheckError) as err:
        check(read_model(sine_with(bump)))
    assert len(err.value.failures) == 3
    for node in range(3):
        assert f"Didn't find op for builtin opcode 'FULLY_CONNECTED' version '77' (node {node})" in str(err.value)


def test_unknown_builtin_op():
    g = modelkit.GraphBuilder()
    x, y, z = g.tensor([1, 8], "float32"), g.tensor([1, 8], "float32"), g.tensor([1, 8], "float32")
    g.op("BROADCAST_TO", [x], [y], version=9)
    g.op("BROADCAST_TO", [y], [z], version=9)
    with pytest.raises(CheckError) as err:
        check(read_model(g.build([x], [z])))
    assert "Didn't find op for builtin opcode 'BROADCAST_TO' version '9' (node 0)" in str(err.value)
    assert "(node 1)" in str(err.value)


@pytest.mark.parametrize("name, hint", [("MyCustomOp", "no custom op"), ("FlexConv3D", "Flex")])
def test_custom_op_missing(name, hint):
    g = modelkit.GraphBuilder()
    x, y = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("CUSTOM", [x], [y], custom_code=name)
    with pytest.raises(CheckError) as err:
        check(read_model(g.build([x], [y])))
    assert f"Didn't find op for custom op '{name}' version '1' (node 0)" in str(err.value)
    assert hint in str(err.value)


def test_kernel_rejects_unsupported_types():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4], "int16", 0.1, 0)
    w = g.tensor([2, 4], "int16", 0.1, 0, data=np.ones(8))
    y = g.tensor([1, 2], "int16", 0.1, 0)
    g.op("FULLY_CONNECTED", [x, w, -1], [y], version=7)
    reason = r"node 0 \(FULLY_CONNECTED v7\): input/weights/output types INT16/INT16/INT16"
    with pytest.raises(CheckError, match=reason):
        check(read_model(g.build([x], [y])))
