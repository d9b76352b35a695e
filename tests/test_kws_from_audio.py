"""Keyword spotting from raw audio (examples/kws_from_audio): 1 s of 16 kHz audio in 30 ms frames (20 ms stride)
through the int8 audio front end, and after every frame the last 49 feature rows through a micro_speech-shaped
classifier (tests/micro_speech_model.py). Every frame's features and every window's scores, logits and
depthwise activations equal TFLite Micro's: on the host build model by model, and in QEMU as two models in one
firmware (`mcugen verify A B`), the front end's spectral-subtraction state carried frame to frame."""

import json

import numpy as np
import pytest
from micro_speech_model import FRAMES, stream, write

from kernel_harness import verify_model


def test_front_end_and_classifier_on_host():
    front_end, classifier, audio_frames, windows = stream()
    assert len(audio_frames) == FRAMES == 49
    verify_model(front_end, sets=[[f] for f in audio_frames])
    # a few windows: the first frame alone, the voiced part arriving, the whole second
    verify_model(classifier, sets=[[windows[k]] for k in (0, 20, 30, 48)])


def test_the_audio_reaches_the_classifier():
    """The windows are not silence: the voiced burst shows in the features, so the comparison covers real data."""
    *_, windows = stream()
    last = windows[-1].reshape(FRAMES, -1)
    assert np.ptp(last.astype(int)) > 100 and len(np.unique(last)) > 100


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])  # Cortex-M4 (dsp kernels), Cortex-M55 (mve)
def test_two_models_in_one_firmware_in_qemu(tmp_path, cli, board):
    pre, cls, pre_inputs, cls_inputs = write(tmp_path)
    args = ["verify", pre, cls, "--inputs", pre_inputs, cls_inputs, "--name", "preprocessor", "classifier"]
    r = cli(*args, "--board", board, "-o", tmp_path / "fw", "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["match"] and report["sets"] == FRAMES
    assert all(m["match"] and m["max_abs_diff"] == 0 for m in report["models"])
    assert report["models"][0]["persistent_bytes"] > 0  # the front end's noise estimate, kept across frames
