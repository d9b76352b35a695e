"""Checks the application's UART output (the lines src/main.c prints) against TFLite Micro: its interpreter runs
the same two models (preprocessor.tflite, classifier.tflite) over the same stream (audio.wav, 30 ms frames every
20 ms, one interpreter keeping the front end's state), and every frame's features and the classifier's outputs
must be equal byte for byte. Prints what matched and the instructions per invoke (SysTick ticks times the board's
instructions per tick under QEMU -icount shift=0); exits 1 on a difference."""

import argparse
import sys
from pathlib import Path

from generator.bench.audio_stream import BOARDS, compare_output
from generator.errors import McugenError

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split(":")[0])
    parser.add_argument("output", help="the application's UART output: a file, or - for standard input")
    parser.add_argument("--board", choices=BOARDS, default=BOARDS[0], help="the board it ran on (default %(default)s)")
    args = parser.parse_args()
    text = sys.stdin.read() if args.output == "-" else Path(args.output).read_text()
    try:
        print(compare_output(text.replace("\r", "").splitlines(), board=args.board))
    except McugenError as exc:
        sys.exit(f"compare.py: {exc}")
