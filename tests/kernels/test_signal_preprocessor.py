"""TFLite Micro's own audio front end (micro_speech's audio_preprocessor_{float,int8}.tflite, fixtures): the
signal library's custom ops from window to log filter bank, then the builtins that scale the features. Every
intermediate tensor is made a model output, so each stage is compared bit for bit with TFLite Micro (which
registers the Signal ops by name), over input sets that reach the kernels' corners: full-range noise, quiet
noise (large FFT auto-scale), silence (no shift at all), a lone -32768 (the auto-scale's int16 maximum) and a
sine; the sets run as one stream, so spectral subtraction's noise estimate carries from set to set."""

from pathlib import Path

import numpy as np
import pytest

from generator.model import read_model
from kernel_harness import verify_model
from modelkit import pack, unpack

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FLOAT = FIXTURES / "audio_preprocessor_float.tflite"
INT8 = FIXTURES / "audio_preprocessor_int8.tflite"


def every_stage(path: Path, last_node: int | None = None) -> tuple[bytes, list[str]]:
    """The model with its nodes up to `last_node` (default all) and every tensor they produce as an output,
    except SignalEnergy's and its CAST's: TFLite Micro leaves the entries outside [start_index, end_index)
    unwritten (the model cuts them off with STRIDED_SLICE)."""
    graph = read_model(path.read_bytes())
    model = unpack(path.read_bytes())
    sub = model.subgraphs[0]
    ops = graph.operators[: None if last_node is None else last_node + 1]
    sub.operators = sub.operators[: len(ops)]
    outputs, names, unwritten = [], [], set()
    for op in ops:
        if op.custom_name == "SignalEnergy" or (op.op_name == "CAST" and op.inputs[0] in unwritten):
            unwritten.update(op.outputs)
            continue
        for k, t in enumerate(op.outputs):
            outputs.append(t)
            names.append(f"node {op.index} {op.custom_name or op.op_name} output {k}")
    sub.outputs = outputs
    return pack(model), names


def frames(seed: int) -> list[list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    full = rng.integers(-32768, 32767, (1, 480), endpoint=True)
    quiet = rng.integers(-3, 3, (1, 480), endpoint=True)
    lone_minimum = np.zeros((1, 480), dtype=np.int64)
    lone_minimum[0, 7] = -32768
    lone_minimum[0, 300] = 5
    t = np.arange(480)
    sine = np.round(9000 * np.sin(2 * np.pi * 1000 * t / 16000))[None, :]
    speech_like = np.round(rng.normal(0, 1200, (1, 480)) * np.hanning(480))
    sets = [full, quiet, np.zeros((1, 480)), lone_minimum, sine, speech_like, full // 16, rng.normal(0, 50, (1, 480))]
    return [[np.clip(s, -32768, 32767).astype(np.int16)] for s in sets]


def test_float_preprocessor_every_stage_on_host():
    model, names = every_stage(FLOAT)
    verify_model(model, sets=frames(0) + frames(1), output_names=names)


def test_int8_preprocessor_signal_stages_on_host():
    """The int8 variant up to SignalFilterBankLog (node 13): its int32 MUL has no mcugen kernel yet."""
    model, names = every_stage(INT8, last_node=13)
    verify_model(model, sets=frames(2), output_names=names)


@pytest.mark.qemu
def test_float_preprocessor_in_qemu():
    verify_model(FLOAT.read_bytes(), sets=frames(3), qemu=True)
