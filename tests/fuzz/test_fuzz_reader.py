"""Fuzzing the host stages (read, check, plan) with mutated real models: any exception other than
McugenError is a bug. Crashers found are kept in crashers/ and replayed here for ever.

Each run mutates every corpus model (corpus/ and one fixture per structural feature) MCUGEN_FUZZ_EXAMPLES times
(default 24000, a few seconds per model) from a fresh seed, so successive runs explore new mutations;
MCUGEN_FUZZ_SEED replays a run. The mutations are drawn with plain `random` rather than Hypothesis, whose
bookkeeping per draw cost thirty times the stages under test.
"""

import hashlib
import os
import random
import struct
from pathlib import Path

import pytest

from conftest import FIXTURES
from generator.check import check
from generator.errors import McugenError
from generator.model import read_model
from generator.plan import plan
from generator.rewrite.stage import check_and_rewrite

HERE = Path(__file__).parent
# One fixture per structural feature rather than every fixture: each costs EXAMPLES full reads, and more
# models of the same structure add little that the fresh seed of every run does not.
FEATURE_FIXTURES = [
    "mlp_int8",  # quantized FULLY_CONNECTED chain
    "mlp_float_io",  # QUANTIZE/DEQUANTIZE at the edges
    "segmentation_head_int8",  # converter-made: CONV_2D, DEPTH_TO_SPACE, RESIZE_BILINEAR, two outputs
    "stream_int8",  # several subgraphs, resource variables, CALL_ONCE
]
CORPUS = sorted([*HERE.glob("corpus/*.tflite"), *(FIXTURES / f"{name}.tflite" for name in FEATURE_FIXTURES)])
CRASHERS = HERE / "crashers"
EXAMPLES = int(os.environ.get("MCUGEN_FUZZ_EXAMPLES", "24000"))
SEED = int(os.environ.get("MCUGEN_FUZZ_SEED", random.SystemRandom().randrange(2**32)))
INTERESTING = [0, 1, 2, 4, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFF0]


def host_stages(data: bytes) -> None:
    """What `mcugen generate` does before writing anything; only McugenError may escape."""
    try:
        plan(check_and_rewrite(read_model(data), check).checked)
    except McugenError:
        pass


def keep_crasher(data: bytes) -> Path:
    CRASHERS.mkdir(exist_ok=True)
    path = CRASHERS / f"{hashlib.sha256(data).hexdigest()[:16]}.tflite"
    path.write_bytes(data)
    return path


def mutate(rng: random.Random, original: bytes) -> bytes:
    """One to eight edits: a bit flip, an interesting 32-bit value, a truncation, a deletion or a duplication."""
    data = bytearray(original)
    for _ in range(rng.randint(1, 8)):
        kind = rng.choice(["flip", "int32", "truncate", "delete", "duplicate"])
        pos = rng.randint(0, max(len(data) - 1, 0))
        if kind == "flip" and data:
            data[pos] ^= 1 << rng.randint(0, 7)
        elif kind == "int32" and len(data) >= 4:
            pos = min(pos - pos % 4, len(data) - 4)
            struct.pack_into("<I", data, pos, rng.choice(INTERESTING))
        elif kind == "truncate":
            del data[pos:]
        elif kind == "delete":
            del data[pos : pos + rng.randint(1, 64)]
        elif kind == "duplicate":
            data[pos:pos] = data[pos : pos + rng.randint(1, 64)]
    return bytes(data)


@pytest.mark.slow
@pytest.mark.parametrize("model", CORPUS, ids=lambda p: p.stem)
def test_mutated_models_raise_only_mcugen_errors(model):
    original = model.read_bytes()
    rng = random.Random(f"{SEED}-{model.name}")
    for example in range(EXAMPLES):
        data = mutate(rng, original)
        try:
            host_stages(data)
        except Exception as exc:
            path = keep_crasher(data)
            raise AssertionError(f"mutation {example} (MCUGEN_FUZZ_SEED={SEED}) kept as {path}: {exc!r}") from exc


@pytest.mark.parametrize("crasher", sorted(CRASHERS.glob("*.tflite")), ids=lambda p: p.stem)
def test_known_crashers_stay_fixed(crasher):
    host_stages(crasher.read_bytes())
