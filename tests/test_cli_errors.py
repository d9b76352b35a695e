"""Bad input: one clear error line, exit code 2, no traceback, nothing half-written."""
import pytest

import modelkit
from conftest import MLP_INT8, SINE_FLOAT


def assert_clean_failure(result, *phrases):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("mcugen: error: ")
    for phrase in phrases:
        assert phrase in result.stderr


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
    assert_clean_failure(cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", tmp_path / "out"),
                         "did not write")
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
