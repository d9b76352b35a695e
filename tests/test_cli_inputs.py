"""--inputs: an array of exactly the input's shape (or with a leading axis of sets) or one clear line; and verify of
one model checks recorded inputs against the reference as verify of several does."""

import json

import numpy as np
import pytest

from cases.cli_errors import assert_clean_failure
from conftest import MLP_INT8, run_cli


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """mlp_int8's generated (not built) project: its input 0 is int8 of shape (1, 10)."""
    out = tmp_path_factory.mktemp("inputs") / "fw"
    assert run_cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", out).returncode == 0
    return out


def _npz(path, array):
    np.savez(path, input_0=array)
    return path


@pytest.mark.parametrize("shape", [(10, 1), (10,), (20,), (1, 2, 10), (0, 1, 10)])
def test_inputs_of_another_shape_are_refused_naming_both(cli, project, tmp_path, shape):
    """Each holds a whole number of the input's 10 values, which a reshape would have taken silently."""
    path = _npz(tmp_path / "in.npz", np.zeros(shape, np.int8))
    result = cli("run", project, "--inputs", path)
    assert_clean_failure(
        result, "'input_0' for input 0 ", f"has shape {shape}; the input's shape is (1, 10) (or (N, 1, 10) for N sets"
    )
    assert len(result.stderr.splitlines()) == 1 and "building" not in result.stderr


@pytest.mark.parametrize("shape, sets", [((1, 10), 1), ((3, 1, 10), 3)])
def test_inputs_of_the_shape_or_with_a_set_axis_are_taken(project, tmp_path, shape, sets):
    from generator.pipeline import load_input_file, load_project

    values = np.arange(np.prod(shape)).reshape(shape).astype(np.int8)
    loaded = load_input_file(_npz(tmp_path / "in.npz", values), load_project(project).inputs)
    assert len(loaded) == sets and all(s[0].shape == (1, 10) for s in loaded)
    assert np.array_equal(np.stack([s[0] for s in loaded]).reshape(shape), values)


def test_verify_of_one_model_checks_the_shape_before_building(cli, tmp_path):
    path = _npz(tmp_path / "in.npz", np.zeros((10, 1), np.int8))
    result = cli("verify", MLP_INT8, "--inputs", path, "-o", tmp_path / "fw")
    assert result.returncode == 2 and "Traceback" not in result.stderr and "building" not in result.stderr
    error = [line for line in result.stderr.splitlines() if not line.startswith("mcugen: generating ")]
    assert len(error) == 1 and error[0].startswith("mcugen: error: ")
    assert "has shape (10, 1); the input's shape is (1, 10)" in error[0]


def test_verify_of_one_model_takes_one_inputs_file(cli, tmp_path):
    a, b = _npz(tmp_path / "a.npz", np.zeros((1, 10), np.int8)), _npz(tmp_path / "b.npz", np.zeros((1, 10), np.int8))
    assert_clean_failure(cli("verify", MLP_INT8, "--inputs", a, b), "2 --inputs files for one model: give one")


@pytest.mark.qemu
def test_verify_of_one_model_runs_the_reference_on_the_given_inputs(cli, tmp_path):
    """Three recorded sets, none of them the seed-0 random ones: a reference run on any other inputs mismatches."""
    values = np.random.default_rng(7).integers(-128, 128, size=(3, 1, 10)).astype(np.int8)
    path = _npz(tmp_path / "recorded.npz", values)
    result = cli("verify", MLP_INT8, "--inputs", path, "-o", tmp_path / "fw", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["match"] and report["max_abs_diff"] == 0
    assert (report["sets"], report["inputs"]) == (3, str(path))
    text = cli("verify", MLP_INT8, "--inputs", path, "-o", tmp_path / "fw")
    assert text.returncode == 0 and f"inputs     3 set(s) from {path}\n" in text.stdout
