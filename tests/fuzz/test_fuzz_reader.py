"""Fuzzing the host stages (read, check, plan) with mutated real models: any exception other than
McugenError is a bug. Crashers found are kept in crashers/ and replayed here for ever.

MCUGEN_FUZZ_EXAMPLES sets the number of mutations per corpus model (default sized for about a minute of CI).
"""
import hashlib
import os
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from generator.check import check
from generator.errors import McugenError
from generator.model import read_model
from generator.plan import plan

HERE = Path(__file__).parent
CORPUS = sorted([*HERE.glob("corpus/*.tflite"), *FIXTURES.glob("*.tflite")])
CRASHERS = HERE / "crashers"
EXAMPLES = int(os.environ.get("MCUGEN_FUZZ_EXAMPLES", "6000"))
INTERESTING = [0, 1, 2, 4, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFF0]


def host_stages(data: bytes) -> None:
    """What `mcugen generate` does before writing anything; only McugenError may escape."""
    try:
        plan(check(read_model(data)))
    except McugenError:
        pass


def keep_crasher(data: bytes) -> Path:
    CRASHERS.mkdir(exist_ok=True)
    path = CRASHERS / f"{hashlib.sha256(data).hexdigest()[:16]}.tflite"
    path.write_bytes(data)
    return path


@st.composite
def mutations(draw, original: bytes) -> bytes:
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["flip", "int32", "truncate", "delete", "duplicate"]))
        pos = draw(st.integers(0, max(len(data) - 1, 0)))
        if kind == "flip" and data:
            data[pos] ^= 1 << draw(st.integers(0, 7))
        elif kind == "int32" and len(data) >= 4:
            pos = min(pos - pos % 4, len(data) - 4)
            struct.pack_into("<I", data, pos, draw(st.sampled_from(INTERESTING)))
        elif kind == "truncate":
            del data[pos:]
        elif kind == "delete":
            del data[pos:pos + draw(st.integers(1, 64))]
        elif kind == "duplicate":
            data[pos:pos] = data[pos:pos + draw(st.integers(1, 64))]
    return bytes(data)


@pytest.mark.parametrize("model", CORPUS, ids=lambda p: p.stem)
def test_mutated_models_raise_only_mcugen_errors(model):
    original = model.read_bytes()

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutations(original))
    def fuzz(data):
        try:
            host_stages(data)
        except Exception:
            keep_crasher(data)
            raise

    fuzz()


@pytest.mark.parametrize("crasher", sorted(CRASHERS.glob("*.tflite")), ids=lambda p: p.stem)
def test_known_crashers_stay_fixed(crasher):
    host_stages(crasher.read_bytes())
