"""docs/real-boards.md's rehearsal runs as written: its shell blocks, in order, in one bash (-e) in a folder
holding a model.tflite, with mcugen's venv first on PATH (the doc asks for it active). QEMU with `-serial pty`
stands in for the board; `run --port` must report what an ordinary QEMU run of the same inputs reports, and
`verify --port` must match TFLite Micro. Nothing is mocked, and nothing waits a fixed time: the doc's commands
wait for QEMU to name its pty and for mcugen to ask for the reset."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import MLP_INT8, run_cli
from generator.paths import ROOT

pytestmark = [pytest.mark.qemu, pytest.mark.slow]

DOC = ROOT / "docs" / "real-boards.md"
SECTION = "## 6. A rehearsal without a board"


def rehearsal_script() -> str:
    section = DOC.read_text().split(SECTION, 1)[1]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 3, blocks
    # the test's own line: a script that fails half-way leaves no paused QEMU behind
    return "trap 'kill $(jobs -p) 2> /dev/null || true' EXIT\n" + "\n".join(blocks)


def test_the_rehearsal_runs_as_written(tmp_path):
    shutil.copy(MLP_INT8, tmp_path / "model.tflite")
    env = {k: v for k, v in os.environ.items() if k != "PLATFORMIO_BUILD_FLAGS"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    result = subprocess.run(
        ["bash", "-e", "-c", rehearsal_script()], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800
    )
    logs = "".join(f"\n--- {p.name}\n{p.read_text()}" for p in sorted(tmp_path.glob("*.log")))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:] + logs
    assert "mcugen: error" not in logs, logs

    # the same inputs in an ordinary QEMU run (a firmware that leaves QEMU at the end)
    generated = run_cli("generate", tmp_path / "model.tflite", "--board", "mps2-an386", "-o", tmp_path / "qemu")
    assert generated.returncode == 0, generated.stderr
    emulated = run_cli("run", tmp_path / "qemu", "--inputs", tmp_path / "my_inputs.npz", "--json")
    assert emulated.returncode == 0, emulated.stderr[-3000:]
    emulated, on_port = json.loads(emulated.stdout), json.loads((tmp_path / "run.json").read_text())
    assert len(on_port["sets"]) == 3
    assert [s["outputs"] for s in on_port["sets"]] == [s["outputs"] for s in emulated["sets"]]
    assert [s["ticks"] for s in on_port["sets"]] == [s["ticks"] for s in emulated["sets"]]
    assert on_port["cost_unit"].startswith("cycles")
