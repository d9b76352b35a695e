"""Checks the application's UART output (the lines src/main.c prints) against TFLite Micro: its interpreter runs
the same two models (preprocessor.tflite, classifier.tflite) over the same stream (audio.wav, 30 ms frames every
20 ms, one interpreter keeping the front end's state), and every frame's features and the classifier's outputs
must be equal byte for byte. Prints what matched and the instructions per invoke; exits 1 on a difference.

usage: compare.py UART_OUTPUT   (a file, or - for standard input)"""

import sys
from pathlib import Path

from generator.bench.audio_stream import compare_output
from generator.errors import McugenError

if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.splitlines()[-1].strip())
    text = sys.stdin.read() if sys.argv[1] == "-" else Path(sys.argv[1]).read_text()
    try:
        print(compare_output(text.replace("\r", "").splitlines()))
    except McugenError as exc:
        sys.exit(f"compare.py: {exc}")
