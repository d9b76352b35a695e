"""A model compiled by Vela for an Arm Ethos-U NPU: one `ethos-u` custom node reading its command stream, its
weights and scratch tensors that nothing writes (TFLite Micro gives them arena space). mcugen reads it and names
the missing custom op, like any other, with what it is; an implemented custom op reading such a tensor is refused
with the reason."""

import numpy as np
import pytest

import modelkit
from generator.catalog import KernelSpec, NodeParams, with_kernels
from generator.check import CheckError, check
from generator.errors import McugenError
from generator.model import CUSTOM_CODE, read_model


def npu_model(op_name: str = "ethos-u") -> bytes:
    """Vela's layout: command stream, flash (weights), scratch, fast scratch, then the model's input."""
    g = modelkit.GraphBuilder()
    command_stream = g.tensor([16], "uint8", data=np.arange(16), name="_split_1_command_stream")
    flash = g.tensor([32], "uint8", data=np.zeros(32), name="_split_1_flash")
    scratch = g.tensor([64], "uint8", name="_split_1_scratch")
    scratch_fast = g.tensor([64], "uint8", name="_split_1_scratch_fast")
    x = g.tensor([1, 8], "int8", 0.1, 0, name="input")
    y = g.tensor([1, 8], "int8", 0.1, 0, name="output")
    g.op("CUSTOM", [command_stream, flash, scratch, scratch_fast, x], [y], custom_code=op_name)
    return g.build([x], [y])


def test_ethos_u_model_names_the_missing_npu_op():
    graph = read_model(npu_model())  # was: node 0 (CUSTOM) reads tensor 2 '_split_1_scratch' before it exists
    with pytest.raises(CheckError) as info:
        check(graph)
    message = str(info.value)
    assert "1 node(s) cannot run" in message
    assert "Didn't find op for custom op 'ethos-u' version '1' (node 0)" in message
    assert "Arm Ethos-U NPU" in message and "Vela" in message


def test_an_implemented_custom_op_reading_unwritten_scratch_is_refused():
    accepting = KernelSpec(
        op="NpuLike",
        builtin_code=CUSTOM_CODE,
        versions=(1, 1),
        dtypes=("INT8",),
        sources=(),
        registration="mg_register_npu_like",
        validate=lambda op, inputs, outputs: None,
        params=lambda op, inputs, outputs: NodeParams("mg_npu_like_params"),
    )
    with pytest.raises(CheckError, match=r"reads tensor 2 '_split_1_scratch', which nothing writes"):
        check(read_model(npu_model("NpuLike")), catalog=with_kernels([accepting]))


def test_a_custom_node_still_may_not_read_what_a_later_node_writes():
    g = modelkit.GraphBuilder()
    x, mid, y = g.tensor([4], "float32"), g.tensor([4], "float32"), g.tensor([4], "float32")
    g.op("CUSTOM", [mid], [y], custom_code="Later")
    g.op("RELU", [x], [mid])
    with pytest.raises(McugenError, match=r"node 0 \(CUSTOM\) reads tensor 1 .* node 1 writes it later"):
        read_model(g.build([x], [y]))


def test_doctor_gives_the_npu_model_its_own_fix(tmp_path, capsys):
    """Not "give the op's Python and C implementation": the NPU's command stream has no C to give."""
    import json

    from generator.cli import main

    model = tmp_path / "person_detect_vela.tflite"
    model.write_bytes(npu_model())
    assert main(["doctor", str(model), "--json"]) == 1
    blocks = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["level"] == "block"]
    assert len(blocks) == 1 and "before Vela compiled it" in blocks[0]["fix"]
