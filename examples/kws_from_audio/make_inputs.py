"""Writes the keyword-spotting-from-audio example's two models and input streams into FOLDER:
preprocessor.tflite, classifier.tflite, preprocessor.npz (49 frames of 480 int16 samples) and classifier.npz
(after each frame, the last 49 feature rows). The models are built by the tests' fixed-seed builders
(tests/micro_speech_model.py), so they are the ones tests/test_kws_from_audio.py verifies."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from micro_speech_model import write  # noqa: E402  (the tests' builders, found through the path above)

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_inputs.py FOLDER")
    for path in write(Path(sys.argv[1])):
        print(path)
