"""The reference kernels on the real models (MLPerf Tiny architectures and TFLite Micro's examples, fetched from
PyPI and cached): every output bit-exact with TFLite Micro in QEMU on the Cortex-M4, and the instructions per
inference at most TFLite Micro's with its own reference kernels on the same emulated core
(generator/bench/baselines.py). They are the fallback of every op without an optimized kernel and the only
kernels of the Cortex-M0 and M3, so they must not lose to TFLite Micro's."""

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


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize("name", MODELS)
def test_bit_exact_and_no_slower_than_tflite_micro_reference(cli, tmp_path, name):
    project = tmp_path / "fw"
    result = cli(
        "verify", name, "--board", "mps2-an386", "--backend", "reference", "--random", 1, "-o", project, "--json"
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert report["match"] is True and report["mismatched_elements"] == 0
    assert report["cost_per_inference"] <= tflm("cortex-m4", name, "reference")["instr"], report["cost_per_inference"]
