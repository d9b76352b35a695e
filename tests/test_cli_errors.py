"""Bad input: one clear error line, exit code 2, no traceback, nothing half-written."""

import json
from pathlib import Path

import numpy as np
import pytest

import modelkit
from cases.cli_errors import assert_clean_failure
from conftest import MLP_INT8, SINE_FLOAT, run_cli


def test_truncated_model(cli, tmp_path):
    bad = tmp_path / "cut.tflite"
    bad.write_bytes(SINE_FLOAT.read_bytes()[:700])
    result = cli("generate", bad, "--board", "mps2-an386", "-o", tmp_path / "out")
    assert_clean_failure(result, "corrupt or truncated")
    assert not (tmp_path / "out").exists()


def test_not_a_model(cli, tmp_path):
    bad = tmp_path / "readme.tflite"
    bad.write_text("this is text")
    assert_clean_failure(cli("ops", bad), "not a TFLite model")


def test_missing_file(cli, tmp_path):
    assert_clean_failure(cli("ops", tmp_path / "nope.tflite"), "cannot read model")


def test_unknown_board(cli, tmp_path):
    result = cli("generate", MLP_INT8, "--board", "esp32", "-o", tmp_path / "out")
    assert_clean_failure(result, "unknown board 'esp32'", "mps2-an386")
    assert not (tmp_path / "out").exists()


def test_foreign_output_folder(cli, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "main.c").write_text("int main(void) { return 0; }\n")
    assert_clean_failure(cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", tmp_path / "out"), "did not write")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["main.c"]


def test_unknown_op_lists_every_node(cli, tmp_path):
    model = modelkit.unpack(SINE_FLOAT.read_bytes())
    model.operatorCodes[0].version = 14
    bad = tmp_path / "v14.tflite"
    bad.write_bytes(modelkit.pack(model))
    result = cli("verify", bad, "--board", "mps2-an386", "-o", tmp_path / "out")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    for node in range(3):
        assert f"Didn't find op for builtin opcode 'FULLY_CONNECTED' version '14' (node {node})" in result.stderr
    assert not (tmp_path / "out").exists()


def test_ops_reports_missing_op_with_exit_1(cli, tmp_path):
    model = modelkit.unpack(SINE_FLOAT.read_bytes())
    model.operatorCodes[0].version = 14
    bad = tmp_path / "v14.tflite"
    bad.write_bytes(modelkit.pack(model))
    result = cli("ops", bad)
    assert result.returncode == 1 and "MISSING" in result.stdout


@pytest.mark.parametrize("args", [["--help"], ["verify", "--help"], ["run", "--help"]])
def test_help_teaches(cli, args):
    result = cli(*args)
    assert result.returncode == 0 and "usage: mcugen" in result.stdout


# --- issue 20: the command line as a new user meets it -------------------------------------------------------

FLOAT16 = 1  # TFLite's TensorType FLOAT16


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A generated (not built) project: enough for every check that must fail before the build."""
    out = tmp_path_factory.mktemp("cli") / "fw"
    assert run_cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", out).returncode == 0
    return out


@pytest.mark.parametrize(
    "args",
    [
        ["verify", MLP_INT8, "--random", "0"],
        ["run", "PROJECT", "--random", "-1"],
        ["bench", "sine_float", "--sets", "0"],
        ["size", "PROJECT", "--top", "-1"],
    ],
)
def test_counts_below_one_are_refused_before_any_work(cli, project, tmp_path, args):
    args = [project if a == "PROJECT" else a for a in args]
    result = cli(*args, *(["-o", tmp_path / "fw"] if args[0] == "verify" else []))
    assert_clean_failure(result, "must be ")
    assert "building" not in result.stderr and not (tmp_path / "fw").exists()


def test_usage_mistakes_are_one_line(cli):
    result = cli("verify")
    assert_clean_failure(result, "the following arguments are required: model", "mcugen verify --help")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("out", ["/sys/mcugen-fw", "/proc/mcugen-none/fw"])
def test_unwritable_output_folder(cli, out):
    assert_clean_failure(cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", out), "cannot write", out)


@pytest.fixture
def read_only_dir(tmp_path):
    """A folder this user cannot write into: permission bits, or for root the immutable attribute."""
    import shutil
    import subprocess

    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    immutable = False
    try:
        (ro / "probe").mkdir()
    except OSError:
        pass
    else:
        (ro / "probe").rmdir()
        immutable = shutil.which("chattr") and subprocess.run(["chattr", "+i", str(ro)]).returncode == 0
        if not immutable:
            pytest.skip("running as root without chattr: no folder here is read-only to this user")
    yield ro
    if immutable:
        subprocess.run(["chattr", "-i", str(ro)])
    ro.chmod(0o755)


def test_read_only_output_folder(cli, read_only_dir):
    assert_clean_failure(
        cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", read_only_dir / "fw"),
        f"cannot write the project folder {read_only_dir / 'fw'}",
    )


def test_bench_report_into_a_missing_folder_fails_before_running(cli, tmp_path):
    result = cli("bench", "sine_float", "--write", tmp_path / "missing" / "bench.md")
    assert_clean_failure(result, "cannot write", "folder is missing or not writable")
    assert "bench sine_float" not in result.stderr


def test_build_with_unwritable_core_folder(project):
    import os
    import subprocess
    import sys

    env = {**os.environ, "MCUGEN_PIO_CORE_DIR": "/sys/mcugen-core"}
    result = subprocess.run(
        [sys.executable, "-m", "generator", "build", str(project)], capture_output=True, text=True, env=env, timeout=600
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "mcugen: error: cannot prepare PlatformIO's core folder /sys/mcugen-core" in result.stderr
    assert "MCUGEN_PIO_CORE_DIR" in result.stderr


def _npz(path, **arrays):
    np.savez(path, **arrays)
    return path


@pytest.mark.parametrize(
    "arrays, phrases",
    [
        ({"input_0": np.zeros((1, 10), np.float32)}, ["'input_0' for input 0", "is float32; give int8", "quantize"]),
        ({"input_0": np.full((1, 10), 1000, np.int32)}, ["holds values 1000..1000, outside int8's -128..127"]),
        (
            {"input_0": np.zeros((1, 10), np.int8), "input_1": np.zeros((1, 10), np.int8)},
            ["arrays ['input_1'] the model has no input for", "input_0 ('serving_default_keras_tensor:0')"],
        ),
    ],
)
def test_inputs_are_never_converted_silently(cli, project, tmp_path, arrays, phrases):
    result = cli("run", project, "--inputs", _npz(tmp_path / "in.npz", **arrays))
    assert_clean_failure(result, *phrases)
    assert "building" not in result.stderr


def test_inputs_that_fit_are_taken(project):
    from generator.pipeline import load_input_file, load_project

    inputs = load_project(project).inputs
    sets = load_input_file(_npz(Path(project).parent / "ok.npz", input_0=np.arange(-5, 15).reshape(2, 1, 10)), inputs)
    assert len(sets) == 2 and sets[1][0].dtype == np.int8 and sets[1][0].tolist() == [list(range(5, 15))]


@pytest.mark.parametrize("make", ["tflite", "npy"])
def test_inputs_not_an_npz(cli, project, tmp_path, make):
    path = MLP_INT8 if make == "tflite" else tmp_path / "x.npy"
    if make == "npy":
        np.save(path, np.zeros((1, 10), np.int8))
    result = cli("run", project, "--inputs", path)
    assert_clean_failure(result, "is not an .npz archive", "numpy.savez")
    assert "pickle" not in result.stderr


def float16_dequantize_model(tmp_path):
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 4], "float32", name="x16")
    g.graph.tensors[x].type = FLOAT16
    y = g.tensor([1, 4], "float32", name="y")
    g.op("DEQUANTIZE", [x], [y], version=3)
    path = tmp_path / "f16.tflite"
    path.write_bytes(g.build([x], [y]))
    return path


def test_ops_doctor_and_check_agree_on_input_types(cli, tmp_path):
    model = float16_dequantize_model(tmp_path)
    ops = cli("ops", model, "--json")
    assert ops.returncode == 1
    row = json.loads(ops.stdout)["ops"][0]
    assert row["supported"] is False and "FLOAT16" in row["reason"]
    doctor = json.loads(cli("doctor", model, "--json").stdout)
    assert doctor["blocked"] and any(
        f["level"] == "block" and f["message"] == row["reason"] for f in doctor["findings"]
    )
    assert_clean_failure(cli("generate", model, "--board", "mps2-an386", "-o", tmp_path / "fw"), row["reason"])


@pytest.mark.parametrize(
    "args", [["ops", "--json"], ["ops"], ["plan", MLP_INT8, "--nodes", "--json"], ["plan", MLP_INT8], ["--help"]]
)
def test_closed_pipe_is_quiet(args):
    """`mcugen ... | head` when head has already gone: the reader's end of the pipe is closed before mcugen writes."""
    import os
    import subprocess
    import sys

    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "generator", *map(str, args)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    assert result.stderr == "" or result.stderr.startswith("mcugen: ") and "Traceback" not in result.stderr
    assert "BrokenPipe" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.returncode in (0, 141)  # argparse itself swallows the error of writing --help


@pytest.mark.parametrize(
    "args, phrase",
    [
        (["plan", MLP_INT8, "--csv"], "--csv needs --nodes"),
        (["plan", MLP_INT8, "--run"], "--run needs --nodes"),
        (["plan", MLP_INT8, "--nodes", "--csv", "--json"], "not allowed with argument"),
        (["ops", MLP_INT8, "--markdown"], "takes no MODEL"),
        (["ops", "--markdown", "--json"], "choose one of --json and --markdown"),
        (["ops", "--board", "mps2-an386"], "--board needs a MODEL"),
        (["size", MLP_INT8, "--max-growth", "5"], "--max-growth needs --baseline"),
        (["run", "fw", "--inputs", "in.npz", "--random", "3"], "choose one"),
        (["run", "fw", "--inputs", "in.npz", "--seed", "3"], "choose one"),
        (["size", MLP_INT8, "--json", "--markdown"], "not allowed with argument"),
    ],
)
def test_meaningless_combinations_are_refused(cli, args, phrase):
    assert_clean_failure(cli(*args), phrase)


@pytest.mark.parametrize("board", ["mps2-an368", "MPS2-AN386", "mps2_an386"])
def test_near_miss_board(cli, tmp_path, board):
    assert_clean_failure(
        cli("generate", MLP_INT8, "--board", board, "-o", tmp_path / "fw"),
        f"unknown board '{board}' (did you mean 'mps2-an386'?)",
    )


def test_near_miss_zoo_name(cli):
    assert_clean_failure(cli("ops", "keyword_spoting"), "no zoo model of that name (did you mean 'keyword_spotting'?)")
    assert_clean_failure(cli("ops", "kws"), "no file 'kws' and no zoo model of that name; zoo models: sine_float")


def test_doctor_lists_boards(cli):
    result = cli("doctor", MLP_INT8, "--board", "mps2_an386")
    assert result.returncode == 1 and "did you mean 'mps2-an386'?" in result.stdout
    assert "mps3-an547" in result.stdout and "boards/" not in result.stdout


def test_backend_error_reads_as_a_sentence(cli, tmp_path):
    result = cli("generate", MLP_INT8, "--board", "mps2-an386", "--backend", "mve", "-o", tmp_path / "fw")
    assert_clean_failure(result, "backend 'mve' needs a cortex-m55 core; this board is a cortex-m4")
    assert "[" not in result.stderr


def test_verify_on_real_board_refuses_before_generating(cli, tmp_path):
    result = cli("verify", MLP_INT8, "--board", "nucleo-f446re", "-o", tmp_path / "fw")
    elf = (tmp_path / "fw").resolve() / ".pio" / "build" / "nucleo-f446re" / "firmware.elf"
    assert_clean_failure(result, "real hardware", str(elf))
    assert not (tmp_path / "fw").exists() and "generating" not in result.stderr
