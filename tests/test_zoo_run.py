"""mcugen zoo run end to end on a two-task zoo (one model under two memory modes: what once shared a bench
folder): on the embedded cluster of two worker processes, from the result cache, against a baseline, drawn in
headless Chromium, stopped by Ctrl-C, and on a real `dask scheduler` with two `dask worker` processes on
127.0.0.1, one of them killed in the middle."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import FIXTURES, run_cli
from generator.bench.tasks import figures
from generator.locking import exclusive

pytestmark = pytest.mark.qemu

DASK = Path(sys.executable).parent / "dask"
MODES = ["auto", "min"]


def _session_folder(tmp_path_factory) -> Path:
    """A folder of this test session that its parallel workers share (their own base folders' parent)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def zoo(tmp_path_factory):
    folder = _session_folder(tmp_path_factory) / "zoo"
    folder.mkdir(exist_ok=True)
    model = f'[[models]]\npath = "{FIXTURES / "mlp_int8.tflite"}"\n'
    (folder / "zoo.toml").write_text(f"sets = 2\nboards = ['mps2-an386']\nmemory = {MODES}\n{model}")
    return folder / "zoo.toml"


@pytest.fixture(scope="session")
def first(zoo):
    """Every task run (--force: whatever an earlier session cached) on two local worker processes, once a session:
    the first parallel worker to need it runs it, the others read what it left."""
    out, saved = zoo.parent / "first", zoo.parent / "first.json"
    with exclusive(zoo.parent / "first.lock"):
        if not saved.exists():
            result = run_cli("zoo", "run", zoo, "--workers", "2", "--force", "--out", out)
            saved.write_text(json.dumps([result.returncode, result.stdout, result.stderr]))
    code, stdout, stderr = json.loads(saved.read_text())
    assert code == 0, stderr
    return (
        subprocess.CompletedProcess([], code, stdout, stderr),
        out,
        json.loads((out / "results.json").read_text())["records"],
    )


def test_every_task_runs_on_the_local_workers_in_its_own_folder_and_streams_its_record(first):
    result, out, records = first
    assert "running 2 task(s) on 2 local worker process(es)" in result.stderr
    # the task's own progress, from its worker process, and its end counted over the run
    assert result.stderr.count("bench mlp_int8 on mps2-an386 (reference kernels)") == 2
    for mode in MODES:
        assert f"mlp_int8 on mps2-an386 (reference kernels, --memory {mode}): match (" in result.stderr
        assert f"| mlp_int8 | mps2-an386 | reference | {mode} | match |" in result.stdout
    folders = re.findall(r"mcugen: (?:\[\d+/\d+\] )?building (\S+) for mps2-an386", result.stderr)
    assert len(set(folders)) == 2 and all("/mcugen/tasks/" in f and not Path(f).exists() for f in folders)
    assert [r["memory"] for r in records] == MODES and all(r["match"] and not r["cached"] for r in records)
    streamed = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert sorted(s.pop("index") for s in streamed) == [0, 1]
    assert sorted(map(json.dumps, streamed)) == sorted(map(json.dumps, records))
    assert (out / "report.md").read_text() == result.stdout


def test_unchanged_inputs_come_from_the_cache(zoo, first):
    again = run_cli("zoo", "run", zoo, "--out", zoo.parent / "again")
    assert again.returncode == 0, again.stderr
    assert again.stderr.count("cached: inputs unchanged") == 2 and "running" not in again.stderr
    records = json.loads((zoo.parent / "again" / "results.json").read_text())["records"]
    assert all(r["cached"] for r in records)
    assert [figures(r) for r in records] == [figures(r) for r in first[2]]


def _baseline(first, folder: Path, flash_cut: float) -> Path:
    """The first run's results with the first task's flash made smaller by `flash_cut`: today's flash grew."""
    data = json.loads((first[1] / "results.json").read_text())
    data["records"][0]["flash"] = round(data["records"][0]["flash"] * (1 - flash_cut))
    data["finished"] = "2000-01-01T00:00:00+00:00"
    folder.mkdir(exist_ok=True)
    (folder / "old.json").write_text(json.dumps(data))
    return folder / "old.json"


def test_growth_past_fail_on_exits_1_and_names_the_figure(zoo, first):
    old = _baseline(first, zoo.parent / "baseline", 0.02)
    failing = run_cli("zoo", "run", zoo, "--out", zoo.parent / "r1", "--baseline", old, "--fail-on", "flash+1%")
    assert failing.returncode == 1, failing.stderr
    assert "regression: mlp_int8 mps2-an386 reference auto: flash grew past flash+1%" in failing.stderr
    assert "reference min" not in failing.stderr.split("regression:", 1)[1]
    row = next(
        line for line in failing.stdout.splitlines() if line.startswith("| mlp_int8 | mps2-an386 | reference | auto ")
    )
    assert row.endswith("| flash |") and "(+2.0" in row
    passing = run_cli("zoo", "run", zoo, "--out", zoo.parent / "r2", "--baseline", old, "--fail-on", "flash+3%,ram+0")
    assert passing.returncode == 0 and "regression" not in passing.stderr


def test_html_report_with_trends_renders_in_chromium(zoo, first, tmp_path):
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium): cannot render the report")
    history = zoo.parent / "history"
    _baseline(first, history, 0.02)
    shutil.copy(first[1] / "results.json", history / "now.json")
    old = history / "old.json"
    result = run_cli("zoo", "run", zoo, "--out", tmp_path / "r", "--baseline", old, "--history", history)
    assert result.returncode == 1  # flash grew by 2 % and the default limit is none at all
    page = (tmp_path / "r" / "report.html").as_uri()
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={tmp_path / 'p'}"]
    dom = subprocess.run([browser, *flags, "--dump-dom", page], capture_output=True, text=True, timeout=120).stdout
    assert dom.count('class="now"') + dom.count('class="regressed"') == 3 * 2  # a bar per metric and configuration
    assert dom.count('class="regressed"') == 1 and dom.count('class="old"') == 3 * 2
    assert dom.count("<polyline") == 3 * 2  # 3 runs of each configuration, a line for each metric
    shot = tmp_path / "report.png"
    subprocess.run([browser, *flags, f"--screenshot={shot}", "--window-size=1100,1400", page], timeout=120)
    assert shot.is_file() and shot.stat().st_size > 5000


def _wait_for(path: Path, text: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while text not in (path.read_text() if path.exists() else ""):
        assert time.monotonic() < deadline, f"no '{text}' in {path} after {seconds} s"
        time.sleep(0.2)


def _live_members(group: int) -> list[str]:
    """The processes of a process group that still run (zombies excluded): /proc/PID/stat's state and group."""
    live = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended while we looked
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            live.append(stat.parent.name)
    return live


def _start(args: list, log: Path) -> subprocess.Popen:
    """A process in a group of its own (the test ends it and whatever it started), its stderr in `log`."""
    with open(log, "w") as err:
        return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=err, start_new_session=True, text=True)


def test_ctrl_c_stops_every_process_of_the_run(zoo, tmp_path):
    log = tmp_path / "err"
    command = ["zoo", "run", zoo, "--workers", "2", "--force", "--out", tmp_path / "out"]
    run = _start([sys.executable, "-m", "generator", *command], log)
    try:
        _wait_for(log, "building ", 120)  # a worker is in a task
        os.killpg(run.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole foreground group
        assert run.wait(timeout=60) == 130
        assert log.read_text().splitlines()[-1] == "mcugen: interrupted" and "Traceback" not in log.read_text()
        deadline = time.monotonic() + 30
        while _live_members(run.pid):
            assert time.monotonic() < deadline, f"still running after Ctrl-C: {_live_members(run.pid)}"
            time.sleep(0.2)
    finally:
        if _live_members(run.pid):
            os.killpg(run.pid, signal.SIGKILL)


def test_a_cluster_that_loses_a_worker_still_returns_every_result(zoo, first, tmp_path):
    """A scheduler and two workers as on several machines, here on 127.0.0.1; one is killed during its task."""
    address_file = tmp_path / "scheduler.json"
    scheduler_args = ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
    processes = [_start([DASK, *scheduler_args, "--scheduler-file", address_file], tmp_path / "scheduler.log")]
    try:
        _wait_for(address_file, "tcp://", 60)
        address = json.loads(address_file.read_text())["address"]
        for name in ("w1", "w2"):
            worker = [DASK, "worker", address, "--name", name, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
            processes.append(_start([*worker, "--host", "127.0.0.1"], tmp_path / f"{name}.log"))
        for name in ("w1", "w2"):
            _wait_for(tmp_path / f"{name}.log", "Registered to", 60)
        command = ["zoo", "run", zoo, "--scheduler", address, "--force", "--out", tmp_path / "out"]
        client = _start([sys.executable, "-m", "generator", *command], tmp_path / "client.log")
        processes.append(client)
        deadline = time.monotonic() + 120
        while not (busy := [n for n in ("w1", "w2") if "bench " in (tmp_path / f"{n}.log").read_text()]):
            assert time.monotonic() < deadline and client.poll() is None, (tmp_path / "client.log").read_text()
            time.sleep(0.2)
        killed = busy[0]
        os.killpg(processes[1 + ["w1", "w2"].index(killed)].pid, signal.SIGKILL)  # the worker and its build or QEMU
        client.communicate(timeout=240)
        assert client.returncode == 0, (tmp_path / "client.log").read_text()
        records = json.loads((tmp_path / "out" / "results.json").read_text())["records"]
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
    survivor = {"w1": "w2", "w2": "w1"}[killed]
    assert all(r["worker"].endswith(f":{survivor}") for r in records)
    assert [figures(r) for r in records] == [figures(r) for r in first[2]]  # as on the local workers, task by task
