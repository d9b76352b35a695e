"""Keyword spotting from raw audio streamed on the device (examples/kws_from_audio/README.md): the application
runs the front end on each 30 ms frame of the example's audio, holds the feature window itself and runs the
classifier on the full window, every frame's features and the classifier's outputs equal to TFLite Micro's over
the same stream. The README's commands run as written; the bench's producer of its docs/benchmarks.md section
(generator/bench/audio_stream.py) runs again; the checked-in models and audio are the test builders' own."""

import os
import re
import subprocess
import wave

import numpy as np
import pytest
from micro_speech_model import audio, models

from generator.bench.audio_stream import (
    EXAMPLE,
    AudioStreamRun,
    audio_stream_table,
    bench_audio_stream,
    compare_output,
)
from generator.errors import McugenError
from generator.paths import ROOT


def test_the_checked_in_models_and_audio_are_the_builders():
    front_end, classifier = models()
    assert (EXAMPLE / "preprocessor.tflite").read_bytes() == front_end
    assert (EXAMPLE / "classifier.tflite").read_bytes() == classifier
    with wave.open(str(EXAMPLE / "audio.wav")) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 16000)
        samples = np.frombuffer(w.readframes(w.getnframes()), "<i2")
    assert np.array_equal(samples, audio(0))
    assert (EXAMPLE / "audio.wav").stat().st_size == 44 + 32000  # audio.S skips a 44-byte header


def test_compare_refuses_an_unfinished_run_and_a_wrong_feature():
    with pytest.raises(McugenError, match="did not finish"):
        compare_output(["frame 0 features 00 ticks 1"])
    with pytest.raises(McugenError, match="stopped: error: boom"):
        compare_output(["error: boom", "done"])
    with pytest.raises(McugenError, match="frame 0: features differ"):
        compare_output(["frame 0 features " + "00" * 40 + " ticks 1", "done"])


def test_the_section_shows_the_figures_and_a_blocked_run():
    ok = AudioStreamRun("mps2-an386", "auto", None, True, 49, 91736, 25036, 30056, 6896, 16384, (67920, 69320), 402360)
    rows = audio_stream_table([ok, AudioStreamRun("mps2-an386", "reference", "the build failed: x")])
    assert rows[0].startswith("## Keyword spotting from raw audio")
    assert rows[-2] == (
        "| mps2-an386 | auto | yes, bit-exact (49 frames) | 91,736 (models 25,036) | 30,056 (arena 6,896, "
        "stack 16,384) | 67,920-69,320 | 402,360 |"
    )
    assert rows[-1].startswith("| mps2-an386 | reference | blocked: the build failed: x |")
    assert rows[-1].count("|") == rows[-2].count("|")
    assert audio_stream_table([]) == []


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])  # Cortex-M4 (dsp kernels), Cortex-M55 (mve)
def test_the_readme_commands_stream_the_audio_bit_exact(tmp_path, board):
    block = re.search(r"```sh\n(.*?)```", (EXAMPLE / "README.md").read_text(), re.S)[1]
    assert block.startswith("board=mps2-an386   # or mps3-an547\n")
    block = block.replace("board=mps2-an386", f"board={board}", 1)  # as the README says for the other board
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    r = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=ROOT, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "49 frames: every frame's 40 features and the classifier's 3 outputs equal TFLite Micro's" in r.stdout
    assert re.search(r"front end [\d,]+-[\d,]+ instructions per frame, classifier [\d,]+ per inference", r.stdout)
    assert re.search(r"^flash [\d,]+ B \(code", r.stdout, re.M)


@pytest.mark.qemu
def test_the_bench_section_producer(tmp_path):
    run = bench_audio_stream(tmp_path, "auto")
    assert run.error is None and run.match and run.frames == 49
    assert 0 < run.frame_instructions[0] <= run.frame_instructions[1] < run.classifier_instructions
    assert run.model_bytes == sum((EXAMPLE / f).stat().st_size for f in ("preprocessor.tflite", "classifier.tflite"))
    assert run.flash > run.model_bytes + 32000 and run.arena > 0 and run.ram > run.arena + run.stack
