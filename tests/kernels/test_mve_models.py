"""The mve backend (Cortex-M55 Helium) on the real models, in QEMU on mps3-an547: every output bit-exact with
TFLite Micro, every CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, AVERAGE_POOL_2D, MAX_POOL_2D and ADD node on an mve
kernel, and the instructions per inference at or below TFLite Micro + CMSIS-NN (Helium) on the same QEMU board."""

import json

import pytest

pytestmark = [pytest.mark.qemu, pytest.mark.slow]

MVE_OPS = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "AVERAGE_POOL_2D", "MAX_POOL_2D", "ADD"}
# TFLite Micro + CMSIS-NN with Helium on mps3-an547 in QEMU: instructions per inference
CMSIS_NN = {"keyword_spotting": 1_830_000, "image_classification": 4_910_000, "visual_wake_words": 6_950_000}


@pytest.mark.parametrize(
    "name,sets",
    [
        ("keyword_spotting", 5),
        ("image_classification", 3),
        ("visual_wake_words", 1),  # VWW: float inputs fill flash
        ("anomaly_detection", 5),
        ("tflite_micro_speech", 5),
        ("tflite_micro_magic_wand", 5),
    ],
)
def test_real_model(cli, tmp_path, name, sets):
    result = cli(
        "verify",
        name,
        "--board",
        "mps3-an547",
        "--backend",
        "mve,reference",
        "--random",
        sets,
        "-o",
        tmp_path / "fw",
        "--json",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["match"] is True and report["mismatched_elements"] == 0
    if name in CMSIS_NN:
        assert report["cost_per_inference"] <= CMSIS_NN[name]
    plan = cli("plan", name, "--nodes", "--json", "--board", "mps3-an547", "--backend", "mve,reference")
    assert plan.returncode == 0, plan.stderr
    nodes = json.loads(plan.stdout)["nodes"]
    assert [n["node"] for n in nodes if n["op"] in MVE_OPS and n["backend"] != "mve"] == []
