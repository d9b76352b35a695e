"""mcugen doctor explains every blocker in one report, each with its fix."""

import json

import modelkit
from cases.custom_ops import CUSTOM, speech_with_custom_softmax
from conftest import MLP_FLOAT_IO


def doctor(cli, *args):
    result = cli("doctor", *args, "--json")
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout)


def blocks(report):
    return [f["message"] for f in report["findings"] if f["level"] == "block"]


def test_clean_model(cli):
    code, report = doctor(cli, MLP_FLOAT_IO)
    assert code == 0 and not report["blocked"]
    assert any("quantizes it: feed float values" in f["message"] for f in report["findings"])


def test_custom_op_problems_in_one_report(cli, tmp_path):
    model = tmp_path / "m.tflite"
    model.write_bytes(speech_with_custom_softmax(name="mysoftmax"))
    code, report = doctor(cli, model, "--custom-ops", CUSTOM)
    assert code == 1 and "the op you provided is 'MySoftmax'" in blocks(report)[0]
    model.write_bytes(speech_with_custom_softmax(version=3))
    _, report = doctor(cli, model, "--custom-ops", CUSTOM)
    assert "declares version 1" in blocks(report)[0]
    _, report = doctor(cli, model)
    assert "--custom-ops DIR" in blocks(report)[0]


def test_flex_op_and_unknown_op_together(cli, tmp_path):
    g = modelkit.GraphBuilder()
    x, y, z = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("CUSTOM", [x], [y], custom_code="FlexErf")
    g.op("BROADCAST_TO", [y], [z], version=2)
    model = tmp_path / "m.tflite"
    model.write_bytes(g.build([x], [z]))
    code, report = doctor(cli, model)
    assert code == 1 and len(blocks(report)) == 2
    assert "cannot run on a microcontroller" in blocks(report)[0] and "BROADCAST_TO" in blocks(report)[1]


def test_model_too_big(cli, tmp_path):
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 1_200_000], "float32")
    y = g.tensor([1, 1_200_000], "int8", 0.1, 0)
    g.op("QUANTIZE", [x], [y])
    model = tmp_path / "big.tflite"
    model.write_bytes(g.build([x], [y]))
    code, report = doctor(cli, model)
    assert code == 1 and "too small for this model" in blocks(report)[0]
