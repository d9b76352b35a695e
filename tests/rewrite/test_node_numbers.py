"""One node numbering everywhere a node is named to the user: the model's own (its index in the .tflite),
also after the rewrite stage removed or fused nodes in front of it."""

import json

import numpy as np

import modelkit
from conftest import FIXTURES
from generator.check import CheckError, check
from generator.cli import main
from generator.model import read_model
from generator.rewrite import rewrite

RELU_INT8 = FIXTURES / "conv_relu_int8.tflite"  # three activations the rewrite stage fuses into their producers


def _unknown_op_behind_a_folded_node(tmp_path):
    """Node 0 (a float16 DEQUANTIZE) folds away, so the custom op the catalog lacks is node 2 in the model but
    node 1 of the rewritten graph."""
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4], "float32")
    w16, w = g.tensor([1, 4], "float16", data=np.ones((1, 4))), g.tensor([1, 4], "float32")
    y, z = g.tensor([1, 4], "float32"), g.tensor([1, 4], "float32")
    g.op("DEQUANTIZE", [w16], [w], version=3)
    g.op("ADD", [x, w], [y])
    g.op("CUSTOM", [y], [z], custom_code="NoSuchOp")
    path = tmp_path / "unknown_op.tflite"
    path.write_bytes(g.build([x], [z]))
    return path


def run(capsys, *args) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().out


def test_ops_doctor_and_check_name_the_failing_node_by_the_models_number(capsys, tmp_path):
    model = _unknown_op_behind_a_folded_node(tmp_path)
    assert rewrite(read_model(model.read_bytes())).kept == [1, 2]  # the case: the rewrite renumbers node 2
    code, out = run(capsys, "ops", model, "--json")
    reason = {r["name"]: r for r in json.loads(out)["ops"]}["CUSTOM"]["reason"]
    assert code == 1 and "(node 2)" in reason and "node 1" not in reason
    code, out = run(capsys, "doctor", model, "--json")
    blocks = [f["message"] for f in json.loads(out)["findings"] if f["level"] == "block"]
    assert code == 1 and len(blocks) == 1 and "(node 2)" in blocks[0]


def test_check_of_the_rewritten_graph_names_nodes_by_the_models_numbers(tmp_path):
    rewritten = rewrite(read_model(_unknown_op_behind_a_folded_node(tmp_path).read_bytes()))
    try:
        check(rewritten.graph)
    except CheckError as failure:
        assert failure.nodes == [1]  # the rewritten graph's position, for code that indexes it
        assert "(node 2)" in failure.failures[0] and "(node 1)" not in failure.failures[0]
    else:
        raise AssertionError("the custom op has no kernel")


def test_plan_numbers_nodes_as_the_model_does(capsys):
    original = read_model(RELU_INT8.read_bytes())
    kept = rewrite(original).kept
    assert kept != list(range(len(kept)))  # the case: fused activations renumber the nodes after them
    code, out = run(capsys, "plan", RELU_INT8, "--nodes", "--json")
    rows = json.loads(out)["nodes"]
    assert code == 0 and [r["node"] for r in rows] == kept
    assert all(original.operators[r["node"]].op_name == r["op"] for r in rows)
    code, out = run(capsys, "plan", RELU_INT8, "--nodes")
    assert code == 0 and "rewritten graph's" not in out
    code, out = run(capsys, "plan", RELU_INT8, "--json")
    report = json.loads(out)
    assert code == 0 and sorted(report["order"]) == kept
    for t in report["techniques"]:
        assert original.operators[t["node"]].display_name == t["op"]
    scratch = [b["name"] for b in report["buffers"] if b["tensor"] is None]
    assert all(int(name.rsplit(" ", 1)[1]) in kept for name in scratch)


def test_run_labels_per_node_costs_with_the_models_numbers(capsys, tmp_path):
    """`mcugen run` prints per-node costs by the labels the project's manifest keeps: the model's numbers."""
    kept = rewrite(read_model(RELU_INT8.read_bytes())).kept
    code, _ = run(capsys, "generate", RELU_INT8, "--board", "mps2-an386", "-o", tmp_path / "fw")
    manifest = json.loads((tmp_path / "fw" / "mcugen.json").read_text())
    assert code == 0 and manifest["node_labels"] == [str(k) for k in kept]
