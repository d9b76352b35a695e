"""An audio front end of micro_speech's shape, built by tests/audio_preprocessor_model.py (a float32 and an int8
variant): the signal library's custom ops from window to log filter bank, then the builtins that scale the
features. On the host build every tensor a node writes is a model output, so each stage is compared bit for
bit with TFLite Micro (which registers the Signal ops by name), over input sets that reach the kernels'
corners: full-range noise, quiet noise (large FFT auto-scale), silence (no shift at all), a lone -32768 (the
auto-scale's int16 maximum) and a sine; the sets run as one stream, so spectral subtraction's noise estimate
carries from set to set. Both variants then run together in one QEMU firmware."""

import numpy as np
import pytest
from audio_preprocessor_model import FRAME, build

from kernel_harness import verify_model
from modelkit import merge


def frames(seed: int) -> list[list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    full = rng.integers(-32768, 32767, (1, FRAME), endpoint=True)
    quiet = rng.integers(-3, 3, (1, FRAME), endpoint=True)
    lone_minimum = np.zeros((1, FRAME), dtype=np.int64)
    lone_minimum[0, 7] = -32768
    lone_minimum[0, 300] = 5
    t = np.arange(FRAME)
    sine = np.round(9000 * np.sin(2 * np.pi * 1000 * t / 16000))[None, :]
    speech_like = np.round(rng.normal(0, 1200, (1, FRAME)) * np.hanning(FRAME))
    sets = [
        full,
        quiet,
        np.zeros((1, FRAME)),
        lone_minimum,
        sine,
        speech_like,
        full // 16,
        rng.normal(0, 50, (1, FRAME)),
    ]
    return [[np.clip(s, -32768, 32767).astype(np.int16)] for s in sets]


@pytest.mark.parametrize("variant", ["float", "int8"])
def test_preprocessor_every_stage_on_host(variant):
    model, names = build(variant, every_stage=True)
    verify_model(model, sets=frames(0) + frames(1), output_names=names)


@pytest.mark.qemu
def test_both_preprocessors_in_qemu():
    """The float and the int8 variant side by side in one firmware on mps2-an386, each on its own stream."""
    float_sets, int8_sets = frames(3), frames(4)
    sets = [f + i for f, i in zip(float_sets, int8_sets)]
    verify_model(merge([build("float")[0], build("int8")[0]]), sets=sets, qemu=True)
