from __future__ import annotations

import contextlib
import io
import os
import signal
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

# A suite started in the background by a script (a non-interactive shell starts what it runs with `&` with SIGINT
# ignored) would hand that on to every command the tests start, and the tests of Ctrl-C could not interrupt them:
# a user's terminal does not ignore it, so neither do the tests.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def run_cli(*args, cwd=None) -> subprocess.CompletedProcess:
    """mcugen as a user runs it: a separate process, its exit code, stdout and stderr."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=600
    )


def run_cli_in_process(*args, cwd=None) -> subprocess.CompletedProcess:
    """mcugen's `main` called in this process, with what a separate process would show: exit code, stdout and
    stderr. Saves a start (about a second of imports) per call; output of programs it starts is not captured."""
    from generator import cli

    out, err, before = io.StringIO(), io.StringIO(), os.getcwd()
    try:
        os.chdir(cwd or before)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main([str(a) for a in args])
            except SystemExit as exc:  # argparse's usage errors and --help
                code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    finally:
        os.chdir(before)
    return subprocess.CompletedProcess(["mcugen", *map(str, args)], code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli():
    """mcugen's `main` in the test's process, in both lanes: a separate process per call cost each QEMU test about
    a second of imports (test_boards.py: 151 s -> 109 s on two workers). The installed entry point as a user starts
    it stays covered by the tests that call run_cli and by test_cli_docs.py's documented commands in a fresh shell."""
    return run_cli_in_process


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
