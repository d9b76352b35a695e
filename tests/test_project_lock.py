"""One run at a time in a project folder (generator/locking.py): two mcugen commands given the same folder take
turns, the second saying on stderr that it waits, instead of regenerating and building it under each other
(which failed with `can't create .pio/build/...`, `ld returned 1` or outputs of the other's firmware)."""

import json
import os
import subprocess
import sys

import pytest

from conftest import MLP_FLOAT_IO, MLP_INT8
from generator.build.pio_core import prepare_core
from generator.locking import project_lock, project_lock_file

WAITING = "mcugen: waiting for another mcugen run using"


def start(*args, env=None):
    return subprocess.Popen(
        [sys.executable, "-m", "generator", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.parametrize("models", [[MLP_INT8], [MLP_INT8, MLP_FLOAT_IO]], ids=["one model", "several models"])
def test_generate_waits_for_the_run_holding_its_folder(tmp_path, models):
    """A process holds the folder's lock; `mcugen generate -o` into it waits, says so, and writes once released."""
    project = tmp_path / "fw"
    holder = subprocess.Popen(
        [sys.executable, "-c", f"from generator.locking import project_lock\nwith project_lock({str(project)!r}):\n"
         "    print('held', flush=True)\n    input()"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline() == "held\n"
        waiting = start("generate", *models, "--board", "mps2-an386", "-o", project)
        line = waiting.stderr.readline()  # the first thing it prints, once it finds the folder taken
        assert line == f"{WAITING} {project} to finish (lock {project_lock_file(project)})\n"
        assert waiting.poll() is None and not project.exists()
    finally:
        holder.communicate("\n", timeout=60)
    out, err = waiting.communicate(timeout=600)
    assert waiting.returncode == 0, err
    assert out.startswith(f"wrote {project}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fw"]  # nothing beside the folder
    assert not project_lock_file(project).exists()  # the lock file goes with its last holder


@pytest.mark.slow
def test_runs_taking_turns_never_overlap(tmp_path):
    """Processes taking one folder's lock over and over (each holder deleting the lock file as it leaves) are never
    inside at once: each creates a marker exclusively while inside, and removes it before leaving."""
    script = (
        "import os, sys\nfrom generator.locking import project_lock\n"
        "for _ in range(300):\n"
        "    with project_lock(sys.argv[1]):\n"
        "        os.close(os.open(sys.argv[2], os.O_CREAT | os.O_EXCL))  # FileExistsError: two inside\n"
        "        os.unlink(sys.argv[2])\n"
    )
    args = [sys.executable, "-c", script, str(tmp_path / "fw"), str(tmp_path / "inside")]
    runs = [subprocess.Popen(args, stderr=subprocess.PIPE, text=True) for _ in range(4)]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    assert list(tmp_path.iterdir()) == []


def test_a_missing_project_folder_gets_no_lock_folder(tmp_path, cli):
    result = cli("run", tmp_path / "missing" / "fw")
    assert result.returncode == 2 and "is not an mcugen project" in result.stderr
    assert not (tmp_path / "missing").exists()


def test_a_refused_model_leaves_no_folder_behind(tmp_path, cli):
    """The lock lives in mcugen's cache: `verify -o new/deep/fw` of a model that is refused creates nothing."""
    bad = tmp_path / "bad.tflite"
    bad.write_bytes(b"TFL3 not a model")
    result = cli("verify", bad, "--board", "mps2-an386", "-o", tmp_path / "new" / "deep" / "fw")
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.tflite"]


def test_the_lock_is_re_entrant_within_a_process(tmp_path):
    """The pipeline's stages lock the folder the command already holds: a nested lock must not wait on itself."""
    with project_lock(tmp_path / "fw"), project_lock(tmp_path / "fw"):
        pass
    with project_lock(tmp_path / "fw"):  # released: taken again at once
        pass


@pytest.mark.qemu
@pytest.mark.slow
@pytest.mark.parametrize("folder", ["default", "output"])
def test_two_verify_runs_of_one_model_and_board_at_once(tmp_path, folder):
    """Two real `mcugen verify` started together into the same folder (the default cache folder, or one -o): both
    pass with the same report, and one waited for the other."""
    # the default folder under a cache of this test's own; the PlatformIO core prepared once, where it is
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), MCUGEN_PIO_CORE_DIR=str(prepare_core()))
    where = ["-o", tmp_path / "fw"] if folder == "output" else []
    args = ["verify", MLP_INT8, "--board", "mps2-an386", "--random", "3", "--json", *where]
    runs = [start(*args, env=env) for _ in range(2)]
    results = [run.communicate(timeout=600) for run in runs]
    for run, (_, err) in zip(runs, results):
        assert run.returncode == 0, err
    reports = [json.loads(out) for out, _ in results]
    assert reports[0] == reports[1] and reports[0]["match"]
    assert sum(WAITING in err for _, err in results) == 1, [err for _, err in results]
