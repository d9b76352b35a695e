"""Simple mistakes and interruptions: one line and a non-zero exit, never a traceback, a hang or a crash deep
inside a tool mcugen starts; and an advised command is one that works."""

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cases.cli_errors import assert_clean_failure
from conftest import MLP_INT8, SINE_FLOAT, run_cli
from generator.cli import COMMANDS
from generator.cli.checks import check_combinations
from generator.cli.parser import MAX_SETS, parser
from generator.emit import IoTensor
from generator.errors import McugenError
from generator.pipeline import MAX_RANDOM_INPUT_BYTES, random_sets


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A generated (not built) project: every refusal here comes before a build."""
    out = tmp_path_factory.mktemp("refusals") / "fw"
    assert run_cli("generate", MLP_INT8, "--board", "mps2-an386", "-o", out).returncode == 0
    return out


@pytest.fixture(scope="module")
def real_board_project(tmp_path_factory):
    out = tmp_path_factory.mktemp("real-board") / "fw"
    assert run_cli("generate", MLP_INT8, "--board", "nucleo-f446re", "-o", out).returncode == 0
    return out


@pytest.mark.parametrize(
    "args", [["run", "PROJECT"], ["flash", "REAL_BOARD", "--random", "2", "--dry-run"], ["verify", MLP_INT8]]
)
def test_negative_seed_is_refused(cli, project, real_board_project, tmp_path, args):
    args = [{"PROJECT": project, "REAL_BOARD": real_board_project}.get(str(a), a) for a in args]
    result = cli(*args, "--seed", "-1", *(["-o", tmp_path / "fw"] if args[0] == "verify" else []))
    assert_clean_failure(result, "argument --seed: must be 0 or more, not -1")
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "fw").exists()


@pytest.mark.parametrize("command", ["run", "flash"])
def test_a_huge_random_count_is_refused_naming_the_limit(cli, project, command):
    result = cli(command, project, "--random", "100000000")
    assert_clean_failure(result, f"must be at most {MAX_SETS:,} input sets a run, not 100,000,000")


def test_random_sets_are_bounded_in_bytes():
    """Below the count limit, sets of a large input could still fill the memory: refused before any is made."""
    image = IoTensor(0, "image", [1, 224, 224, 3], "FLOAT32", None, None)
    per_set = 224 * 224 * 3 * 4
    most = MAX_RANDOM_INPUT_BYTES // per_set
    with pytest.raises(McugenError) as info:
        random_sets([image], MAX_SETS, 0)
    assert str(info.value) == (
        f"10,000 random sets of {per_set:,} B need {MAX_SETS * per_set:,} B; mcugen holds at most "
        f"{MAX_RANDOM_INPUT_BYTES:,} B of input sets in a run: give --random {most} or fewer"
    )
    assert len(random_sets([image], 2, 0)) == 2


@pytest.mark.parametrize("value", ["-5", "nan", "inf"])
def test_patch_overhead_must_be_a_percentage(cli, value):
    result = cli("plan", MLP_INT8, "--patches", f"--patch-overhead={value}")
    assert_clean_failure(result, f"must be a percentage of 0 or more, not {value}")


# A real SIGINT, sent by the process to itself the moment it starts importing numpy: the first heavy module the
# command line loads, as a user's Ctrl-C in the first second lands. sitecustomize runs before the entry point.
INTERRUPT_ON_NUMPY = """
import os, signal, sys

class InterruptOnNumpy:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, InterruptOnNumpy())
"""


@pytest.mark.parametrize("entry", ["script", "module"])
def test_ctrl_c_while_modules_load_is_one_line(tmp_path, entry):
    (tmp_path / "sitecustomize.py").write_text(INTERRUPT_ON_NUMPY)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    script = Path(sys.executable).parent / "mcugen"
    command = [str(script)] if entry == "script" else [sys.executable, "-m", "generator"]
    result = subprocess.run([*command, "ops"], capture_output=True, text=True, env=env, timeout=120)
    assert (result.returncode, result.stderr, result.stdout) == (130, "mcugen: interrupted\n", "")
    assert signal.SIGINT == 2  # 130 = 128 + SIGINT, the shell's status for an interrupted command


@pytest.mark.parametrize("model", ["missing", "corrupt"])
def test_bench_of_a_model_it_cannot_read_is_one_error(cli, tmp_path, model):
    path = tmp_path / f"{model}.tflite"
    if model == "corrupt":
        path.write_bytes(SINE_FLOAT.read_bytes()[:700])
    result = cli("bench", "sine_float", path)
    assert_clean_failure(result, str(path), "No such file" if model == "missing" else "corrupt or truncated")
    assert len(result.stderr.splitlines()) == 1 and result.stdout == ""


def test_test_on_a_real_board_gives_runs_hint(cli, real_board_project):
    result = cli("test", real_board_project)
    hint = f"`mcugen run {real_board_project.resolve()} --port /dev/ttyACM0`"
    assert_clean_failure(result, "`mcugen test` runs QEMU", "nucleo-f446re is real hardware", hint)
    assert "Exec format" not in result.stdout + result.stderr and "Renode" not in result.stderr
    assert not (real_board_project / ".pio").exists()  # refused before PlatformIO built anything


def _advised_command(stderr: str) -> list[str]:
    return shlex.split(stderr.split("e.g. `", 1)[1].split("`", 1)[0])


@pytest.mark.parametrize("with_output", [False, True])
def test_verify_on_a_real_board_advises_a_command_that_works(cli, tmp_path, with_output):
    out = ["-o", str(tmp_path / "fw")] if with_output else []
    result = cli("verify", MLP_INT8, "--board", "nucleo-f446re", *out)
    assert_clean_failure(result, "real hardware")
    advised = _advised_command(result.stderr)
    assert advised == ["mcugen", "verify", str(MLP_INT8), "--board", "nucleo-f446re", *out, "--port", "/dev/ttyACM0"]
    args = parser(COMMANDS).parse_args(advised[1:])
    check_combinations(args)  # a command mcugen takes as it stands: it generates the folder it then flashes
    assert not (tmp_path / "fw").exists()


def test_flash_reads_its_inputs_file(cli, real_board_project, tmp_path):
    """flash --inputs used to end in a TypeError (one path where run's option holds a list); the file is read and
    checked before anything is built."""
    path = tmp_path / "flat.npz"
    np.savez(path, input_0=np.zeros(10, np.int8))
    result = cli("flash", real_board_project, "--inputs", path, "--dry-run")
    assert_clean_failure(result, "has shape (10,); the input's shape is (1, 10)")
    assert "building" not in result.stderr
