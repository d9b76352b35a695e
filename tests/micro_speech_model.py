"""A keyword spotter of TFLite Micro's micro_speech shape fed raw audio: the int8 audio front end
(audio_preprocessor_model.py) turns each 30 ms frame of 16 kHz audio (480 samples, 20 ms stride: 49 frames in
1 s) into 40 int8 features, and a classifier of micro_speech's graph (49x40 features, depthwise convolution,
fully connected, softmax; fixed-seed weights, since the example's own files are not ours to ship) scores the last
49 frames. Nothing here is taken from another project: the audio is synthetic (a voiced burst in noise) and every
weight comes from a fixed seed or from the front end's definitions."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from audio_preprocessor_model import FRAME, SAMPLE_RATE, build

from generator.reference import reference_outputs
from kernel_harness import rand_scale
from modelkit import GraphBuilder

STRIDE = 320  # 20 ms
FRAMES = (SAMPLE_RATE - FRAME) // STRIDE + 1  # 49 frames in 1 s
CHANNELS = 40
FEATURE_ZERO_POINT = -128  # the int8 features' zero point: a row of silence, before the first frame came
SAME = 0


def audio(seed: int = 0) -> np.ndarray:
    """1 s of int16 audio: background noise, and from 0.3 s to 0.7 s a voiced sound (a 140 Hz pulse train's
    harmonics under two formant-like peaks, with an attack and a decay)."""
    rng = np.random.default_rng(seed)
    t = np.arange(SAMPLE_RATE) / SAMPLE_RATE
    voiced = np.zeros_like(t)
    for harmonic in range(1, 40):
        f = 140.0 * harmonic
        gain = np.exp(-(((f - 700) / 250) ** 2)) + 0.5 * np.exp(-(((f - 1200) / 300) ** 2)) + 0.02
        voiced += gain * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi))
    envelope = np.clip((t - 0.3) / 0.05, 0, 1) * np.clip((0.7 - t) / 0.1, 0, 1)
    signal = 6000 * envelope * voiced / np.abs(voiced).max() + rng.normal(0, 150, t.size)
    return np.clip(np.round(signal), -32768, 32767).astype(np.int16)


def frames(samples: np.ndarray) -> list[np.ndarray]:
    """The front end's input sets: 30 ms frames every 20 ms, each [1, 480] int16."""
    return [samples[k * STRIDE : k * STRIDE + FRAME].reshape(1, FRAME) for k in range(FRAMES)]


def models() -> tuple[bytes, bytes]:
    """The int8 front end and the classifier (its scores, then its logits and depthwise activations)."""
    return build("int8")[0], micro_speech_shaped(with_inner=True)


def windows(features: list[np.ndarray]) -> list[np.ndarray]:
    """The classifier's input after each frame: the last 49 feature rows, oldest first, silence before the
    stream's first frame (the last set is the whole second)."""
    rows = np.full((FRAMES, CHANNELS), FEATURE_ZERO_POINT, dtype=np.int8)
    out = []
    for f in features:
        rows = np.concatenate([rows[1:], np.asarray(f, np.int8).reshape(1, CHANNELS)])
        out.append(rows.reshape(1, FRAMES, CHANNELS, 1).copy())
    return out


def stream(seed: int = 0) -> tuple[bytes, bytes, list[np.ndarray], list[np.ndarray]]:
    """Both models, the front end's 49 frames and the classifier's 49 windows. The windows hold TFLite Micro's
    features (its interpreter runs the front end over the frames as one stream); the firmware's features are
    compared with these frame by frame, so equal features make the windows the firmware's own too."""
    front_end, classifier = models()
    audio_frames = frames(audio(seed))
    features = [out[0] for out in reference_outputs(front_end, [[f] for f in audio_frames], 1)]
    return front_end, classifier, audio_frames, windows(features)


def write(folder: Path, seed: int = 0) -> list[Path]:
    """preprocessor.tflite, classifier.tflite and their input streams (preprocessor.npz, classifier.npz: one set
    per frame) for `mcugen verify preprocessor.tflite classifier.tflite --inputs ...`."""
    front_end, classifier, audio_frames, classifier_inputs = stream(seed)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [
        folder / name for name in ("preprocessor.tflite", "classifier.tflite", "preprocessor.npz", "classifier.npz")
    ]
    paths[0].write_bytes(front_end)
    paths[1].write_bytes(classifier)
    np.savez(paths[2], input_0=np.stack(audio_frames))
    np.savez(paths[3], input_0=np.stack(classifier_inputs))
    return paths


def micro_speech_shaped(seed: int = 7, with_inner: bool = False) -> bytes:
    """TFLite Micro's micro_speech classifier's graph and shapes with random weights: the depthwise node holds 95 %
    of its multiply-accumulates. With `with_inner` the depthwise convolution's activations and the logits are
    outputs too (after the scores): random weights saturate the softmax and often the logits, the activations
    show every difference."""
    rng = np.random.default_rng(seed)
    b = GraphBuilder()
    x = b.tensor([1, 49, 40, 1], "int8", 0.1, -128)
    w_scale = [rand_scale(rng, 2e-3, 1e-2) for _ in range(8)]
    f = b.tensor([1, 10, 8, 8], "int8", w_scale, [0] * 8, data=rng.integers(-127, 128, size=(1, 10, 8, 8)), axis=3)
    bias = b.tensor([8], "int32", [0.1 * s for s in w_scale], [0] * 8, data=rng.integers(-3000, 3000, size=8))
    features = b.tensor([1, 25, 20, 8], "int8", 0.2, -128)
    b.op(
        "DEPTHWISE_CONV_2D",
        [x, f, bias],
        [features],
        version=3,
        padding=SAME,
        strideH=2,
        strideW=2,
        depthMultiplier=8,
        fusedActivationFunction=1,
    )
    flat = b.tensor([1, 4000], "int8", 0.2, -128)
    b.op("RESHAPE", [features], [flat], newShape=[1, 4000])
    fc_w = b.tensor([4, 4000], "int8", 1e-3, 0, data=rng.integers(-127, 128, size=(4, 4000)))
    fc_b = b.tensor([4], "int32", 2e-4, 0, data=rng.integers(-2000, 2000, size=4))
    logits = b.tensor([1, 4], "int8", 0.3, 10)
    b.op("FULLY_CONNECTED", [flat, fc_w, fc_b], [logits], version=4)
    scores = b.tensor([1, 4], "int8", 1 / 256, -128)
    b.op("SOFTMAX", [logits], [scores], version=2, beta=1.0)
    return b.build([x], [scores, logits, features] if with_inner else [scores])
