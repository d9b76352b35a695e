"""The rewrite stage in the pipeline and on the command line: switchable, reported by plan --nodes and doctor,
and `ops`, `check` and `doctor` agree on what runs."""

import json

import numpy as np
import pytest

import modelkit
from conftest import FIXTURES
from generator.boards import load_board
from generator.check import CheckError
from generator.cli import main
from generator.model import read_model
from generator.pipeline import Options, rewrite_stage

FLOAT16 = FIXTURES / "conv_float16_weights.tflite"
RELU_INT8 = FIXTURES / "conv_relu_int8.tflite"


def run(capsys, *args) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().out


def test_ops_says_what_the_rewrites_make_runnable(capsys):
    code, out = run(capsys, "ops", FLOAT16, "--json")
    rows = {r["name"]: r for r in json.loads(out)["ops"]}
    assert code == 0 and rows["DEQUANTIZE"]["supported"]
    assert rows["DEQUANTIZE"]["rewritten"] == "folded by the rewrite stage"
    assert rows["CONV_2D"]["rewritten"] == "runs after the rewrite stage"
    code, out = run(capsys, "ops", FLOAT16, "--no-rewrite", "--json")
    rows = {r["name"]: r for r in json.loads(out)["ops"]}
    assert code == 1 and "FLOAT16 -> FLOAT32 is not supported" in rows["DEQUANTIZE"]["reason"]
    assert "the filter must be constant" in rows["CONV_2D"]["reason"]


def test_doctor_and_check_agree_with_ops(capsys):
    code, out = run(capsys, "doctor", FLOAT16, "--json")
    findings = json.loads(out)["findings"]
    assert code == 0 and any(f["topic"] == "rewrite" and "make the model runnable" in f["message"] for f in findings)
    code, out = run(capsys, "doctor", FLOAT16, "--no-rewrite", "--json")
    blocks = [f["message"] for f in json.loads(out)["findings"] if f["level"] == "block"]
    # 6 DEQUANTIZE, and the conv and depthwise conv they feed (a dense layer runs on computed weights, as in TFLM)
    assert code == 1 and len(blocks) == 8
    assert not any("FULLY_CONNECTED" in b for b in blocks)
    with pytest.raises(CheckError):
        rewrite_stage(read_model(FLOAT16.read_bytes()), Options(load_board("mps2-an386"), rewrite=False))


def test_plan_nodes_reports_what_was_fused_and_saved(capsys):
    code, out = run(capsys, "plan", RELU_INT8, "--nodes", "--json")
    report = json.loads(out)
    assert code == 0 and [r["ops"] for r in report["rewrites"]["rewrites"]] == [
        ["RELU", "CONV_2D"],
        ["RELU6", "DEPTHWISE_CONV_2D"],
        ["RELU", "ADD"],
    ]
    saved = report["rewrites"]["saved"]
    assert saved["nodes"] == 3 and saved["model_bytes"] > 0 and saved["arena_bytes"] >= 0
    assert len(report["nodes"]) == 5
    code, out = run(capsys, "plan", RELU_INT8, "--nodes", "--no-rewrite")
    assert code == 0 and "rewrites: none applied" in out and out.count("RELU") == 3


def test_what_still_fails_after_the_rewrites_is_named_in_the_models_node_numbers():
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4], "float32")
    w16, w = g.tensor([1, 4], "float16", data=np.ones((1, 4))), g.tensor([1, 4], "float32")
    y, z = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("DEQUANTIZE", [w16], [w], version=3)
    g.op("ADD", [x, w], [y])
    g.op("CUSTOM", [y], [z], custom_code="NoSuchOp")
    with pytest.raises(CheckError) as failure:
        rewrite_stage(read_model(g.build([x], [z])), Options(load_board("mps2-an386")))
    assert failure.value.nodes == [2] and "NoSuchOp" in failure.value.failures[0]


def test_no_rewrite_without_a_model_is_refused(capsys):
    assert main(["ops", "--no-rewrite"]) == 2
    assert "--no-rewrite needs a MODEL" in capsys.readouterr().err
