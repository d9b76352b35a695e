from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tflite_micro

FIXTURES = Path(__file__).parent / "fixtures"
SINE_FLOAT = Path(tflite_micro.__file__).parent / "python" / "tflite_micro" / "sine_float.tflite"
MLP_INT8 = FIXTURES / "mlp_int8.tflite"
MLP_FLOAT_IO = FIXTURES / "mlp_float_io.tflite"


def run_cli(*args, cwd=None) -> subprocess.CompletedProcess:
    """mcugen as a user runs it: a separate process, its exit code, stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=600)


@pytest.fixture
def cli():
    return run_cli
