"""mcugen zoo run's inputs, refused before any task runs: the zoo file, --fail-on, --baseline; and the growth rule
--fail-on applies (regress.compare) on records written here by hand."""

import json
import os
import shutil
import time

import pytest

from conftest import MLP_INT8
from generator.paths import ROOT
from generator.zoo_run.regress import compare, parse_fail_on
from generator.zoo_run.spec import load_tasks


def _zoo(tmp_path, text: str):
    path = tmp_path / "zoo.toml"
    path.write_text(text)
    return path


def test_tasks_are_every_board_backend_and_memory_of_each_model(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "mlp.tflite").write_bytes(MLP_INT8.read_bytes())
    zoo = _zoo(
        tmp_path,
        'sets = 2\nbackends = ["reference", "auto"]\n'
        '[[models]]\npath = "models/mlp.tflite"\nmemory = ["auto", "min"]\n'
        '[[models]]\nzoo = "sine_float"\nboards = ["mps3-an547"]\nseed = 4\n',
    )
    tasks = load_tasks(zoo)
    assert [(t.model, t.board, t.backend, t.memory, t.sets, t.seed) for t in tasks] == [
        ("mlp", "mps2-an386", "reference", "auto", 2, 0),
        ("mlp", "mps2-an386", "reference", "min", 2, 0),
        ("mlp", "mps2-an386", "auto", "auto", 2, 0),
        ("mlp", "mps2-an386", "auto", "min", 2, 0),
        ("sine_float", "mps3-an547", "reference", "auto", 2, 4),
        ("sine_float", "mps3-an547", "auto", "auto", 2, 4),
    ]
    assert tasks[0].model_bytes == MLP_INT8.read_bytes()  # the bytes travel with the task, never the path


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "lists no models"),
        ("[[models]]\nzoo = 'sine_float'\nboard = ['mps2-an386']\n", "unknown key 'board' (did you mean 'boards'?)"),
        ("[[models]]\nzoo = 'sine_flot'\n", "no zoo model 'sine_flot' (did you mean 'sine_float'?)"),
        ("[[models]]\nzoo = 'sine_float'\npath = 'x.tflite'\n", "give one of zoo = NAME and path = FILE"),
        ("[[models]]\npath = 'missing.tflite'\n", "cannot read model"),
        ("boards = ['mps2-an368']\n[[models]]\nzoo = 'sine_float'\n", "unknown board 'mps2-an368'"),
        ("backends = ['fast']\n[[models]]\nzoo = 'sine_float'\n", "unknown backend 'fast'"),
        ("memory = ['tiny']\n[[models]]\nzoo = 'sine_float'\n", "unknown memory mode 'tiny'"),
        ("sets = 0\n[[models]]\nzoo = 'sine_float'\n", "sets must be a whole number of at least 1"),
        ("boards = 'mps2-an386'\n[[models]]\nzoo = 'sine_float'\n", "boards must be a non-empty list"),
        ("[[models]]\nzoo = 'sine_float'\n[[models]]\nzoo = 'sine_float'\n", "runs sine_float on mps2-an386"),
        ("[[models]\n", "is not valid TOML"),
        ("[[models]]\npath = 'm.tflite'\nname = '../x'\n", "name '../x' must be letters"),
    ],
)
def test_a_bad_zoo_file_is_one_line_and_exit_2(cli, tmp_path, text, message):
    result = cli("zoo", "run", _zoo(tmp_path, text), "--out", tmp_path / "out")
    assert result.returncode == 2
    assert result.stderr.startswith("mcugen: error: ") and message in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "options, message",
    [
        (["--fail-on", "flash+1%"], "--fail-on needs --baseline"),
        (["--baseline", "{base}", "--fail-on", "rom+1%"], "'rom+1%' is not METRIC+N"),
        (["--baseline", "{base}", "--fail-on", "flash+1%,flash+2%"], "names flash twice"),
        (["--baseline", "{zoo}"], "is not a zoo run's results.json"),
        (["--history", "{base}"], "no such folder"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"], "not allowed with argument"),
    ],
)
def test_bad_report_options_are_refused_before_any_task(cli, tmp_path, options, message):
    zoo = _zoo(tmp_path, "[[models]]\nzoo = 'sine_float'\n")
    base = tmp_path / "base.json"
    base.write_text(json.dumps({"records": []}))
    options = [o.format(base=base, zoo=zoo) for o in options]
    result = cli("zoo", "run", zoo, "--out", tmp_path / "out", *options)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


def record(flash, ram, cost, error=None):
    return {"model": "m", "board": "b", "backend": "reference", "memory": "auto"} | {
        "flash": flash,
        "ram": ram,
        "cost": cost,
        "error": error,
    }


@pytest.mark.parametrize(
    "limits, now, regressed",
    [
        ("flash+1%", record(1010, 500, 9999), []),  # exactly the allowed growth
        ("flash+1%", record(1011, 500, 100), ["flash"]),
        ("ram+0", record(1000, 501, 100), ["ram"]),
        ("ram+8", record(1000, 508, 100), []),
        ("flash+0,ram+0,instr+2%", record(900, 400, 103), ["instr"]),
        ("flash+0,ram+0,instr+2%", record(2000, 900, 900, error="build failed"), []),  # no figures to compare
    ],
)
def test_growth_past_the_limit_is_a_regression(limits, now, regressed):
    [row] = compare([now], [record(1000, 500, 100)], parse_fail_on(limits))
    assert row["regressed"] == regressed


def test_a_configuration_new_to_the_baseline_is_compared_in_nothing():
    [row] = compare([record(5000, 5000, 5000)], [], parse_fail_on("flash+0,ram+0,instr+0"))
    assert row["regressed"] == [] and row["metrics"]["flash"] == {"new": 5000, "old": None, "delta_pct": None}


def test_the_cache_key_changes_with_every_input_of_a_task():
    from dataclasses import replace

    from generator.bench.tasks import BenchTask, task_key

    task = BenchTask("mlp", MLP_INT8.read_bytes(), "mps2-an386")
    changed = [
        replace(task, model_bytes=task.model_bytes + b"\0"),
        replace(task, board="mps3-an547"),
        replace(task, backend="auto"),
        replace(task, memory="min"),
        replace(task, sets=4),
        replace(task, seed=1),
        replace(task, all_ops=True),
        replace(task, model="other"),
    ]
    keys = {task_key(t) for t in [task, *changed]}
    assert len(keys) == 1 + len(changed) and task_key(replace(task)) == task_key(task)


def test_a_change_to_any_source_file_changes_every_key(tmp_path, monkeypatch):
    """The key covers generator/, templates/, firmware/ and boards/: a copy of them with one kernel touched."""
    from generator.bench import tasks

    for folder in tasks.SOURCE_FOLDERS:
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    tasks.sources_hash.cache_clear()
    task = tasks.BenchTask("mlp", MLP_INT8.read_bytes(), "mps2-an386")
    before = tasks.task_key(task)
    kernel = next((tmp_path / "firmware").rglob("*.c"))
    kernel.write_text(kernel.read_text() + "\n")
    tasks.sources_hash.cache_clear()
    assert tasks.task_key(task) != before
    tasks.sources_hash.cache_clear()  # the repository's own again for later tests


def test_a_scheduler_address_that_is_no_address_is_one_line(cli, tmp_path):
    zoo = _zoo(tmp_path, "[[models]]\nzoo = 'sine_float'\n")
    result = cli("zoo", "run", zoo, "--out", tmp_path / "out", "--force", "--scheduler", "nonsense")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "mcugen: error: cannot reach the Dask scheduler at nonsense: missing port number in address 'nonsense'"
    )


def test_a_folder_a_killed_worker_left_is_removed_and_a_running_tasks_is_kept(tmp_path):
    import fcntl

    from generator.bench.workdirs import ABANDONED_AFTER_SECONDS, IN_USE, remove_abandoned

    old = time.time() - ABANDONED_AFTER_SECONDS - 1
    for name in ("left-behind", "running", "just-made"):
        (tmp_path / name / "project").mkdir(parents=True)
        (tmp_path / name / IN_USE).touch()
    for name in ("left-behind", "running"):
        os.utime(tmp_path / name, (old, old))
    with open(tmp_path / "running" / IN_USE) as held:  # as a live task holds its folder's lock
        fcntl.flock(held, fcntl.LOCK_EX)
        assert remove_abandoned(tmp_path) == [tmp_path / "left-behind"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["just-made", "running"]
