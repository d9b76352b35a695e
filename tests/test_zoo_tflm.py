"""TFLite Micro's own models (zoo.TFLM_MODELS): fetched from the tflite-micro repository at the commit
docs/baselines.md measured, or from a checkout named by MCUGEN_TFLM_SOURCE, and refused with one line when the
file is not that one. The models themselves are never in this repository; `make bench` measures them."""

import os
import subprocess
import sys

from generator import zoo


def _mcugen(tmp_path, source, *args):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), **{zoo.TFLM_SOURCE_VARIABLE: str(source)})
    return subprocess.run(
        [sys.executable, "-m", "generator", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_a_file_other_than_the_measured_one_is_refused_and_not_cached(tmp_path):
    path, _ = zoo.TFLM_MODELS["mnist_lstm_int8"]
    (tmp_path / "tflm" / path).parent.mkdir(parents=True)
    (tmp_path / "tflm" / path).write_bytes(b"TFL3 but not the file")
    run = _mcugen(tmp_path, tmp_path / "tflm", "ops", "mnist_lstm_int8")
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and "SHA-256 differs" in run.stderr and zoo.TFLM_COMMIT in run.stderr
    assert not (tmp_path / "cache" / "mcugen" / "models" / "mnist_lstm_int8.tflite").exists()


def test_a_checkout_without_the_file_is_one_line_naming_the_variable(tmp_path):
    run = _mcugen(tmp_path, tmp_path / "empty", "ops", "person_detect")
    assert run.returncode != 0
    assert run.stderr.count("\n") == 1 and zoo.TFLM_SOURCE_VARIABLE in run.stderr and "person_detect" in run.stderr
