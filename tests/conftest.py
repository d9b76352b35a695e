from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import tflite_micro

FIXTURES = Path(__file__).parent / "fixtures"
SINE_FLOAT = Path(tflite_micro.__file__).parent / "python" / "tflite_micro" / "sine_float.tflite"
MLP_INT8 = FIXTURES / "mlp_int8.tflite"
MLP_FLOAT_IO = FIXTURES / "mlp_float_io.tflite"

# Hundreds of tests start mcugen as a separate process; each would compile every module it imports again where
# the environment forbids bytecode caches (PYTHONDONTWRITEBYTECODE), a fifth of a second per start. The caches go
# to __pycache__ folders git ignores.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


def run_cli(*args, cwd=None) -> subprocess.CompletedProcess:
    """mcugen as a user runs it: a separate process, its exit code, stdout and stderr."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=600
    )


@pytest.fixture
def cli():
    return run_cli


# --- test lanes (README "Tests"): `-m "not qemu"` is the host lane ------------------------------------------

REFUSING_QEMU = """#!/bin/sh
echo "mcugen tests: this test runs QEMU but is not marked @pytest.mark.qemu (the host lane must not)" >&2
exit 3
"""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Slow tests first: in a parallel run they start at once rather than finish the run alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def refusing_qemu_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("refusing-qemu")
    (folder / "qemu-system-arm").write_text(REFUSING_QEMU)
    (folder / "qemu-system-arm").chmod(0o755)
    return folder


@pytest.fixture(autouse=True)
def _qemu_only_when_marked(request, monkeypatch):
    """A test without the `qemu` marker finds a qemu-system-arm that refuses to run, so a test that emulates
    firmware cannot slip into the host lane unmarked."""
    if request.node.get_closest_marker("qemu") is None:
        folder = request.getfixturevalue("refusing_qemu_dir")
        monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
