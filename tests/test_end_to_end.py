"""The whole spine on real parts: PlatformIO build with Debian's toolchain, QEMU run, TFLite Micro reference."""

import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from conftest import MLP_FLOAT_IO, MLP_INT8, SINE_FLOAT

pytestmark = pytest.mark.qemu


@pytest.mark.parametrize("model", [SINE_FLOAT, MLP_INT8, MLP_FLOAT_IO], ids=lambda p: p.stem)
def test_verify_matches_reference(cli, tmp_path, model):
    result = cli("verify", model, "--board", "mps2-an386", "--random", 20, "--seed", 3, "-o", tmp_path / "fw", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] is True and report["mismatched_elements"] == 0
    assert report["ops"] and report["cost_per_inference"] > 0
    assert 0 < report["model_bytes"] < report["flash_bytes"]
    assert report["arena_bytes"] >= report["arena_lower_bound_bytes"]


def test_run_cost_is_repeatable_and_inputs_are_honoured(cli, tmp_path):
    assert cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", tmp_path / "fw").returncode == 0
    x = np.random.default_rng(5).integers(-128, 128, size=(3, 1, 10)).astype(np.int8)
    np.savez(tmp_path / "in.npz", input_0=x)
    first = cli("run", tmp_path / "fw", "--inputs", tmp_path / "in.npz", "--json")
    second = cli("run", tmp_path / "fw", "--inputs", tmp_path / "in.npz", "--json")
    assert first.returncode == 0, first.stderr
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert [s["ticks"] for s in a["sets"]] == [s["ticks"] for s in b["sets"]]
    assert [s["node_instructions"] for s in a["sets"]] == [s["node_instructions"] for s in b["sets"]]
    assert a["sets"][0]["outputs"] != a["sets"][1]["outputs"]  # different inputs reached the device
    from tflite_micro.python.tflite_micro import runtime

    ref = runtime.Interpreter.from_file(str(MLP_INT8), arena_size=1 << 20)
    for s, values in zip(a["sets"], x):
        ref.set_input(values, 0)
        ref.invoke()
        assert np.array_equal(np.array(s["outputs"][0]), ref.get_output(0))


def test_platformio_builds_offline_with_empty_core_dir(tmp_path):
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-n", "true"]).returncode != 0:
        pytest.skip("unshare -n is not permitted here: cannot cut the network for this check")
    project = tmp_path / "fw"
    from generator.boards import load_board
    from generator.pipeline import Options, generate

    generate([MLP_INT8], Options(load_board("mps2-an386")), project)
    env = dict(os.environ, MCUGEN_PIO_CORE_DIR=str(tmp_path / "empty-core"))
    result = subprocess.run(
        ["unshare", "-n", sys.executable, "-m", "generator", "build", str(project)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert (project / ".pio" / "build" / "mps2-an386" / "firmware.elf").is_file()


def test_input_sets_beyond_the_boards_room_run_in_batches():
    """40 sets of 16 KB do not fit after the image in lm3s6965evb's 256 KiB flash: several QEMU runs share them."""
    import modelkit
    from kernel_harness import verify_model

    g = modelkit.GraphBuilder()
    x, y = g.tensor([1, 4096], "float32"), g.tensor([1, 4096], "float32")
    g.op("RELU", [x], [y])
    results = verify_model(g.build([x], [y]), count=40, qemu=True, board="lm3s6965evb")
    assert len(results) == 40
