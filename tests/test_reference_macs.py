"""The share of MACs left on the reference kernels where an optimized backend was chosen: `plan --nodes` (each node's
refusal and a total line, the same in --json), `doctor` (one line naming the ops and why, its figures in --json);
none with the reference kernels alone."""

import json

from cases import dsp_depthwise_conv_2d


def test_plan_nodes_and_doctor_show_the_share(cli, tmp_path):
    model = tmp_path / "five_by_five.tflite"
    model.write_bytes(dsp_depthwise_conv_2d.case(1, kernel=(5, 5)))
    text = cli("plan", model, "--nodes", "--board", "mps2-an386")
    assert text.returncode == 0, text.stderr
    assert "(dsp: its filter is 5x5, not 3x3)" in text.stdout
    assert "MACs on reference kernels: 100.00% (1 of 1 nodes with MACs; ops: DEPTHWISE_CONV_2D)" in text.stdout
    report = json.loads(cli("plan", model, "--nodes", "--board", "mps2-an386", "--json").stdout)
    assert report["nodes"][0]["refused"] == "dsp: its filter is 5x5, not 3x3"
    share = report["reference_macs"]
    assert share["mac_share"] == 1.0 and share["ops"][0]["op"] == "DEPTHWISE_CONV_2D" and share["ops"][0]["macs"] > 0
    doctor = json.loads(cli("doctor", model, "--board", "mps2-an386", "--json").stdout)
    [line] = [f for f in doctor["findings"] if f["topic"] == "kernels"]
    assert line["message"].startswith("100.00% of MACs run on reference kernels (1 of 1 nodes with MACs)")
    assert "DEPTHWISE_CONV_2D (node 0: dsp: its filter is 5x5, not 3x3)" in line["message"]
    assert line["figures"] == share


def test_no_share_with_the_reference_kernels_alone_or_none_left(cli, tmp_path):
    model = tmp_path / "three_by_three.tflite"
    model.write_bytes(dsp_depthwise_conv_2d.case(2, kernel=(3, 3)))
    alone = json.loads(cli("plan", model, "--nodes", "--backend", "reference", "--json").stdout)
    assert alone["reference_macs"] is None and alone["nodes"][0]["refused"] is None
    claimed = cli("plan", model, "--nodes", "--board", "mps2-an386")
    assert "MACs on reference kernels: 0.00% (0 of 1 nodes with MACs)" in claimed.stdout
    doctor = json.loads(cli("doctor", model, "--board", "mps2-an386", "--json").stdout)
    assert not [f for f in doctor["findings"] if f["topic"] == "kernels"]
