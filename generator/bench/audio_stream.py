"""Keyword spotting from raw audio as a stream on the device (examples/kws_from_audio, issue 29) for
docs/benchmarks.md. The example's application, linked with CMake against the library of its two models (the audio
front end and the classifier, one shared arena), runs 1 s of audio in QEMU frame by frame: the front end on each
30 ms frame, its features appended to a window held by the application, the classifier on the full window. Every
frame's features and the classifier's outputs are compared with TFLite Micro's interpreter fed the same stream;
flash and RAM come from the ELF, instructions per front-end frame and per classifier inference from SysTick around
each invoke (QEMU -icount shift=0).

`python -m generator.bench.audio_stream` prints this section alone (what `make bench` writes into
docs/benchmarks.md); `examples/kws_from_audio/compare.py` checks the application's output (compare_output)."""

from __future__ import annotations

import re
import subprocess
import sys
import wave
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..boards import load_board
from ..errors import McugenError
from ..measure import measure
from ..paths import ROOT
from ..pipeline import Options, generate, load_model, progress
from ..reference import reference_outputs
from ..run.qemu import qemu_command
from .table import table

EXAMPLE = ROOT / "examples" / "kws_from_audio"
BOARD = "mps2-an386"
BOARDS = ["mps2-an386", "mps3-an547"]  # the boards the example has a linker script and UART address for
BACKENDS = ["auto", "reference"]
FRAME_SAMPLES, STRIDE_SAMPLES = 480, 320  # 30 ms frames every 20 ms at 16 kHz
FRAME_LINE = re.compile(r"^frame (\d+) features ([0-9a-f]+) ticks (\d+)$")
OUTPUT_LINE = re.compile(r"^classifier output (\d+) ([0-9a-f]+)$")
BEST_LINE = re.compile(r"^classifier best (\d+) ticks (\d+)$")


def audio(path: Path = EXAMPLE / "audio.wav") -> np.ndarray:
    """The example's samples: 16-bit mono PCM at 16 kHz, its data right after a 44-byte header (audio.S skips it)."""
    with wave.open(str(path)) as w:
        if (w.getsampwidth(), w.getnchannels(), w.getframerate()) != (2, 1, 16000):
            raise McugenError(f"{path} is not 16-bit mono audio at 16 kHz")
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    if path.stat().st_size != 44 + samples.nbytes:
        raise McugenError(f"{path}: the samples must follow a 44-byte header (audio.S includes the file from there)")
    return samples


def reference(example: Path = EXAMPLE) -> tuple[list[bytes], list[bytes]]:
    """TFLite Micro's features for every frame (one interpreter over the whole stream, so its noise estimate
    carries from frame to frame, as on the device) and the classifier's outputs on the window of the last
    frames' features."""
    samples = audio(example / "audio.wav")
    frames = [
        samples[k : k + FRAME_SAMPLES].reshape(1, FRAME_SAMPLES)
        for k in range(0, samples.size - FRAME_SAMPLES + 1, STRIDE_SAMPLES)
    ]
    front_end = (example / "preprocessor.tflite").read_bytes()
    features = [out[0] for out in reference_outputs(front_end, [[f] for f in frames], 1)]
    classifier_path = example / "classifier.tflite"
    graph = load_model(classifier_path)
    shape = graph.tensors[graph.inputs[0]].shape
    rows = shape[1]
    window = np.stack([f.reshape(-1) for f in features[-rows:]]).reshape(shape)
    outputs = reference_outputs(classifier_path.read_bytes(), [[window]], len(graph.outputs))[0]
    return [f.tobytes() for f in features], [o.tobytes() for o in outputs]


@dataclass
class StreamOutput:
    features: list[bytes] = field(default_factory=list)
    frame_ticks: list[int] = field(default_factory=list)
    outputs: list[bytes] = field(default_factory=list)
    classifier_ticks: int = 0


def parse(lines: list[str]) -> StreamOutput:
    """The application's UART lines (src/main.c); an output without its `done` line is an error."""
    out = StreamOutput()
    for line in lines:
        if m := FRAME_LINE.match(line):
            if int(m[1]) != len(out.features):
                raise McugenError(f"frame {m[1]} came out of order")
            out.features.append(bytes.fromhex(m[2]))
            out.frame_ticks.append(int(m[3]))
        elif m := OUTPUT_LINE.match(line):
            out.outputs.append(bytes.fromhex(m[2]))
        elif m := BEST_LINE.match(line):
            out.classifier_ticks = int(m[2])
        elif line.startswith("error:"):
            raise McugenError(f"the application stopped: {line}")
    if "done" not in lines:
        raise McugenError("the application did not finish (no `done` line)")
    return out


def differences(out: StreamOutput, example: Path = EXAMPLE) -> list[str]:
    """Where the application's features and scores differ from TFLite Micro's; empty when all are equal."""
    features, outputs = reference(example)
    found = [] if len(out.features) == len(features) else [f"{len(out.features)} frames, TFLM ran {len(features)}"]
    found += [f"frame {k}: features differ" for k, (a, b) in enumerate(zip(out.features, features)) if a != b]
    if len(out.outputs) != len(outputs):
        found.append(f"{len(out.outputs)} classifier outputs, TFLM has {len(outputs)}")
    found += [f"classifier output {o} differs" for o, (a, b) in enumerate(zip(out.outputs, outputs)) if a != b]
    return found


def instructions(out: StreamOutput, board: str) -> tuple[tuple[int, int], int]:
    """The fewest and the most instructions of a front-end frame, and those of the classifier's inference."""
    per_tick = load_board(board).instructions_per_tick
    frames = (round(min(out.frame_ticks) * per_tick), round(max(out.frame_ticks) * per_tick))
    return frames, round(out.classifier_ticks * per_tick)


def compare_output(lines: list[str], example: Path = EXAMPLE, board: str = BOARD) -> str:
    """One line saying the stream matched and what each invoke cost; McugenError naming the differences."""
    out = parse(lines)
    found = differences(out, example)
    if found:
        raise McugenError("differs from TFLite Micro: " + "; ".join(found[:5]))
    (low, high), classifier = instructions(out, board)
    return (
        f"{len(out.features)} frames: every frame's {len(out.features[0])} features and the classifier's "
        f"{len(out.outputs)} outputs equal TFLite Micro's; front end {low:,}-{high:,} instructions per frame, "
        f"classifier {classifier:,} per inference"
    )


@dataclass
class AudioStreamRun:
    board: str
    backend: str
    error: str | None = None
    match: bool = False
    frames: int = 0
    flash: int = 0
    model_bytes: int = 0
    ram: int = 0
    arena: int = 0
    stack: int = 0
    frame_instructions: tuple[int, int] = (0, 0)  # the fewest and the most over the frames
    classifier_instructions: int = 0


def _run(cmd: list, what: str) -> list[str]:
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise McugenError(f"{what} failed: {(result.stdout + result.stderr).strip()[-400:]}")
    return result.stdout.replace("\r", "").splitlines()


def build_example(folder: Path, backend: str, board: str = BOARD) -> Path:
    """The README's steps: the two models' library, then the application with CMake and the library's own
    toolchain file (the board's core flags); the ELF."""
    options = Options(load_board(board), backend=backend)
    models = [EXAMPLE / "preprocessor.tflite", EXAMPLE / "classifier.tflite"]
    generate(models, options, folder / "models", names=["preprocessor", "classifier"], library=True)
    toolchain, build = folder / "models" / "arm-none-eabi.cmake", folder / "build"
    configure = [f"-DMODELS={folder / 'models'}", f"-DBOARD={board}", f"-DCMAKE_TOOLCHAIN_FILE={toolchain}"]
    _run(["cmake", "-S", EXAMPLE, "-B", build, *configure], "cmake")
    _run(["cmake", "--build", build], "the build")
    return build / "kws_from_audio.elf"


def bench_audio_stream(workroot: Path, backend: str, board: str = BOARD) -> AudioStreamRun:
    run = AudioStreamRun(board, backend)
    try:
        progress(f"[audio stream] kws_from_audio on {board} ({backend} kernels): build, run, compare")
        elf = build_example(workroot / f"audio-stream-{board}-{backend}", backend, board)
        out = parse(_run(qemu_command(load_board(board), elf), "the QEMU run"))
        run.match, run.frames = not differences(out), len(out.features)
        run.frame_instructions, run.classifier_instructions = instructions(out, board)
        size = measure(elf)
        run.flash, run.model_bytes, run.ram = size.flash, size.model, size.ram
        run.arena, run.stack = size.arena, size.stack
    except McugenError as exc:
        run.error = " ".join(line.strip() for line in str(exc).splitlines()[:2]).replace("|", "/")
    return run


def bench_audio_streams(workroot: Path, boards: list[str] = BOARDS) -> list[AudioStreamRun]:
    """Each of the example's boards among `boards`, with the optimized and the reference kernels."""
    return [bench_audio_stream(workroot, backend, b) for b in BOARDS if b in boards for backend in BACKENDS]


def audio_stream_table(runs) -> list[str]:
    """Per board and kernels: the match, flash and RAM of the whole application, instructions per invoke."""
    if not runs:
        return []
    lines = [
        "## Keyword spotting from raw audio, streamed on the device (issue 29: examples/kws_from_audio)",
        "",
        "The example's application (its README's commands; CMake, linked against the library of the two models, "
        "one shared arena) on each of its boards, fed 1 s of 16 kHz audio in 30 ms frames every 20 ms: the audio "
        "front end on each frame, its features appended to the 49-row window the application holds, the classifier "
        "on the full window. Every frame's features and the classifier's outputs compared with TFLite Micro's "
        "interpreter fed the same stream. Flash and RAM: the application's ELF (audio 32,000 B, console and startup "
        "included); instructions: SysTick around each invoke (QEMU -icount shift=0).",
        "",
    ]

    def cells(r: AudioStreamRun) -> str:
        low, high = r.frame_instructions
        per_frame = f"{low:,}" if low == high else f"{low:,}-{high:,}"
        match = f"{'yes, bit-exact' if r.match else 'NO'} ({r.frames} frames)"
        return (
            f"| {r.board} | {r.backend} | {match} | {r.flash:,} (models {r.model_bytes:,}) | {r.ram:,} "
            f"(arena {r.arena:,}, stack {r.stack:,}) | {per_frame} | {r.classifier_instructions:,} |"
        )

    header = "| board | kernels | match | flash | RAM | front end, instructions per frame | classifier, per inference |"
    return lines + table(header, "|---|---|---|---:|---:|---:|---:|", runs, lambda r: [r.board, r.backend], cells)


def as_dicts(runs: list[AudioStreamRun]) -> list[dict]:
    return [asdict(r) for r in runs]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        sys.stdout.write("\n".join(audio_stream_table(bench_audio_streams(Path(folder)))) + "\n")
