"""scripts/verify_tflm_models.py, which fills docs/testing.md's table of TensorFlow Lite Micro's own models: on a
folder laid out like that repository (a model that verifies, one mcugen refuses, a seanet folder), it prints one
row per model, one per seanet folder, and a rerun takes the results it logged instead of running again."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MLP_INT8

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "verify_tflm_models.py"


@pytest.mark.qemu
def test_table_of_a_checkout(tmp_path):
    checkout = tmp_path / "tflm"
    seanet = checkout / "tensorflow/lite/micro/integration_tests/seanet/add"
    seanet.mkdir(parents=True)
    shutil.copy(MLP_INT8, checkout / "mlp.tflite")
    shutil.copy(MLP_INT8, seanet / "add0.tflite")
    (checkout / "broken.tflite").write_bytes(b"\x00" * 64)
    log = tmp_path / "results.jsonl"
    run = subprocess.run([sys.executable, SCRIPT, checkout, log], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = run.stdout.splitlines()
    assert rows[:2] == ["| model | result |", "|---|---|"]
    assert "| `broken.tflite` | refused: broken.tflite: not a TFLite model (no 'TFL3' identifier)" in rows[2]
    assert rows[3] == "| `mlp.tflite` | verifies (bit-exact) |"
    seanet_row = "| `tensorflow/lite/micro/integration_tests/seanet/add/` (1 models) | 1 of 1: verifies (bit-exact) |"
    assert rows[4] == seanet_row
    assert len(log.read_text().splitlines()) == 3 and all(json.loads(line) for line in log.read_text().splitlines())
    again = subprocess.run([sys.executable, SCRIPT, checkout, log], capture_output=True, text=True, timeout=60)
    assert again.stdout == run.stdout and again.stderr == ""  # nothing ran again


def test_usage_is_one_line(tmp_path):
    run = subprocess.run([sys.executable, SCRIPT, tmp_path / "missing"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "usage:" in run.stderr
