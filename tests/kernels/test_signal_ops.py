"""The signal library's custom ops one by one (firmware/kernels/signal_*.c): many random nodes of each (shapes,
options, constant tables) in one model against TFLite Micro, which registers them by name, on the host build;
inputs reach the corners (full range, zeros, -32768, tiny and huge spectra). Spectral subtraction keeps its
noise estimate across sets, as in TFLite Micro, so the sets run as one stream. Options TFLite Micro would read
out of bounds on, or reads by position from a map with other keys, are refused at generation."""

import numpy as np
import pytest
from op_cases import Batch

from cases.signal_ops import custom, int16_values
from generator.boards import load_board
from generator.check import CheckError, check
from generator.emit import emit
from generator.errors import McugenError
from generator.model import read_model
from generator.plan import plan
from generator.run import build_host, run_host
from kernel_harness import verify_model


def uint32_values(rng, shape):
    """Spectra of any size: each element's own magnitude, from 0 to 2^32 - 1."""
    bits = rng.integers(0, 33, size=shape)
    return (rng.integers(0, 2**32, size=shape, dtype=np.uint64) >> (32 - bits).astype(np.uint64)).astype(np.uint32)


def uint64_values(rng, shape):
    """Any magnitude; half of them where the square root's rounding turns: r^2, r^2 + r, r^2 + r + 1, r^2 + 2r."""
    bits = rng.integers(0, 65, size=shape).astype(np.uint64)
    raw = rng.integers(0, 2**63, size=shape, dtype=np.uint64) * np.uint64(2)
    raw += rng.integers(0, 2, size=shape, dtype=np.uint64)
    spread = np.where(bits == 0, np.uint64(0), raw >> (np.uint64(64) - bits))
    root = rng.integers(0, 2**32, size=shape, dtype=np.uint64) >> rng.integers(0, 32, size=shape).astype(np.uint64)
    offset = rng.choice([0, 1, 2], size=shape).astype(np.uint64) * root + rng.integers(
        0, 2, size=shape, dtype=np.uint64
    )
    turning = root * root + np.minimum(offset, np.uint64(2) * root)
    return np.where(rng.integers(0, 2, size=shape) == 1, turning, spread)


def window_node(b: Batch):
    size = int(b.rng.integers(1, 40))
    frames = int(b.rng.integers(1, 4))
    shape = [frames, size] if b.rng.integers(0, 2) else [frames * size]
    x = b.input(shape, "int16", values=int16_values)
    weights = b.constant(int16_values(b.rng, [size]), "int16")
    custom(b, "SignalWindow", [x, weights], [b.output(shape, "int16")], {"shift": int(b.rng.integers(0, 32))})


def auto_scale_node(b: Batch):
    n = int(b.rng.integers(1, 64))
    x = b.input([n], "int16", values=int16_values)
    custom(b, "SignalFftAutoScale", [x], [b.output([n], "int16"), b.output([], "int32")], None)


def float_values(rng, shape):
    return (rng.normal(0, 1, size=shape) * 10.0 ** rng.integers(-3, 4)).astype(np.float32)


def int32_values(rng, shape):
    """Full range or quiet, as int16_values."""
    amplitude = int(rng.choice([2**31 - 1, 2**15, 300]))
    return rng.integers(-amplitude, amplitude, size=shape, endpoint=True).astype(np.int32)


VALUES = {"int16": int16_values, "int32": int32_values, "float32": float_values}
T_CODES = {"int16": 7, "int32": 2, "float32": 0}


def rfft_node(b: Batch, fft_length: int, dtype: str = "int16"):
    frames = int(b.rng.integers(1, 3))
    length = int(b.rng.integers(1, fft_length + 1))
    x = b.input([frames, length], dtype, values=VALUES[dtype])
    y = b.output([frames, 2 * (fft_length // 2 + 1)], dtype)
    custom(b, "SignalRfft", [x], [y], {"T": T_CODES[dtype], "fft_length": fft_length})


def irfft_node(b: Batch, fft_length: int, dtype: str = "int16"):
    """Random spectra (any values, extra complex values past fft_length / 2 + 1 sometimes)."""
    frames = int(b.rng.integers(1, 3))
    extra = int(b.rng.choice([0, 0, 3]))
    x = b.input([frames, 2 * (fft_length // 2 + 1 + extra)], dtype, values=VALUES[dtype])
    options = {"T": T_CODES[dtype], "fft_length": fft_length}
    custom(b, "SignalIrfft", [x], [b.output([frames, fft_length], dtype)], options)


def round_trip_node(b: Batch, fft_length: int):
    """SignalRfft into SignalIrfft, as a resynthesis model runs them."""
    x = b.input([1, fft_length], "int16", values=int16_values)
    spectrum = b.g.tensor([1, 2 * (fft_length // 2 + 1)], "int16")
    custom(b, "SignalRfft", [x], [spectrum], {"T": 7, "fft_length": fft_length})
    custom(b, "SignalIrfft", [spectrum], [b.output([1, fft_length], "int16")], {"T": 7, "fft_length": fft_length})


def energy_node(b: Batch):
    """A random range: TFLite Micro leaves the outputs outside [start_index, end_index) unwritten, mcugen writes
    zeros there, and the reference reports zeros (generator/reference/unwritten.py)."""
    n = int(b.rng.integers(1, 40))
    start = int(b.rng.integers(0, n + 1))
    end = int(b.rng.integers(start, n + 1))
    x = b.input([2 * n], "int16", values=int16_values)
    custom(b, "SignalEnergy", [x], [b.output([n], "uint32")], {"start_index": start, "end_index": end})


def test_window_auto_scale_energy():
    b = Batch(1)
    for _ in range(12):
        window_node(b)
        auto_scale_node(b)
        energy_node(b)
    verify_model(b.build(), sets=b.sets(6))


@pytest.mark.parametrize("fft_lengths", [(4, 8, 16, 32), (64, 128), (256, 512)])
def test_rfft_and_irfft(fft_lengths):
    b = Batch(sum(fft_lengths))
    for n in fft_lengths:
        for _ in range(3):
            rfft_node(b, n)
            irfft_node(b, n)
        for dtype in ("float32", "int32"):
            rfft_node(b, n, dtype)
            irfft_node(b, n, dtype)
        round_trip_node(b, n)
    verify_model(b.build(), sets=b.sets(4))


def filter_bank_node(b: Batch):
    spectrum = int(b.rng.integers(4, 60))
    channels = int(b.rng.integers(1, 12))
    widths = b.rng.integers(0, 6, size=channels + 1)
    starts = np.array([int(b.rng.integers(0, spectrum - w + 1)) for w in widths])
    weight_starts = np.concatenate([[0], np.cumsum(widths)[:-1]])
    weights = int(widths.sum()) + int(b.rng.integers(1, 4))
    x = b.input([spectrum], "uint32", values=uint32_values)
    tables = [
        b.constant(b.rng.integers(-4096, 4097, size=weights), "int16"),
        b.constant(b.rng.integers(-4096, 4097, size=weights), "int16"),
        *(b.constant(t.astype(np.int16), "int16") for t in (starts, weight_starts, widths)),
    ]
    custom(b, "SignalFilterBank", [x, *tables], [b.output([channels], "uint64")], {"num_channels": channels})


def square_root_node(b: Batch):
    n = int(b.rng.integers(1, 30))
    x = b.input([n], "uint64", values=uint64_values)
    bits = b.input([], "int32", values=lambda rng, shape: rng.integers(0, 32, size=shape).astype(np.int32))
    custom(b, "SignalFilterBankSquareRoot", [x, bits], [b.output([n], "uint32")], None)


def test_filter_bank_and_square_root():
    b = Batch(2)
    for _ in range(12):
        filter_bank_node(b)
        square_root_node(b)
    verify_model(b.build(), sets=b.sets(5))


def subtraction_node(b: Batch):
    n = int(b.rng.integers(1, 24))
    bits = int(b.rng.integers(8, 16))
    smoothing, alternate = (int(b.rng.integers(0, 2**bits)) for _ in range(2))
    options = {
        "alternate_one_minus_smoothing": 2**bits - alternate,
        "alternate_smoothing": alternate,
        "clamping": bool(b.rng.integers(0, 2)),
        "min_signal_remaining": int(b.rng.choice([int(b.rng.integers(0, 2**bits)), -1])),  # -1: 2^32 - 1
        "num_channels": n,
        "one_minus_smoothing": 2**bits - smoothing,
        "smoothing": smoothing,
        "smoothing_bits": int(b.rng.integers(0, 12)),
        "spectral_subtraction_bits": bits,
    }
    x = b.input([n], "uint32", values=lambda rng, shape: uint32_values(rng, shape) >> np.uint32(rng.integers(0, 12)))
    custom(b, "SignalFilterBankSpectralSubtraction", [x], [b.output([n], "uint32"), b.output([n], "uint32")], options)


def pcan_node(b: Batch):
    n = int(b.rng.integers(1, 24))
    x, noise = (b.input([n], "uint32", values=uint32_values) for _ in range(2))
    lut = b.constant(b.rng.integers(-32768, 32768, size=125), "int16")
    options = {"snr_shift": int(b.rng.integers(0, 24))}
    custom(b, "SignalPCAN", [x, noise, lut], [b.output([n], "uint32")], options)


def log_node(b: Batch):
    n = int(b.rng.integers(1, 24))
    x = b.input([n], "uint32", values=uint32_values)
    options = {"input_correction_bits": int(b.rng.integers(0, 8)), "output_scale": int(b.rng.integers(1, 2**12))}
    custom(b, "SignalFilterBankLog", [x], [b.output([n], "int16")], options)


def test_spectral_subtraction_pcan_log():
    b = Batch(3)
    for _ in range(10):
        subtraction_node(b)
        pcan_node(b)
        log_node(b)
    verify_model(b.build(), sets=b.sets(8))


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda b: custom(
                b, "SignalRfft", [b.input([1, 6], "int16")], [b.output([1, 8], "int16")], {"T": 7, "fft_length": 6}
            ),
            "fft_length is 6; only powers of two from 4",
        ),
        (
            lambda b: custom(
                b, "SignalRfft", [b.input([1, 9], "int16")], [b.output([1, 10], "int16")], {"T": 7, "fft_length": 8}
            ),
            "frames of 9 samples do not fit fft_length 8",
        ),
        (
            lambda b: custom(
                b, "SignalRfft", [b.input([1, 8], "int16")], [b.output([1, 8], "int16")], {"T": 7, "fft_length": 8}
            ),
            "output frames must hold 5 complex values",
        ),
        (
            lambda b: custom(
                b, "SignalIrfft", [b.input([1, 8], "int16")], [b.output([1, 8], "int16")], {"T": 7, "fft_length": 8}
            ),
            "input frames must hold at least 5 complex values",
        ),
        (
            lambda b: custom(
                b,
                "SignalWindow",
                [b.input([7], "int16"), b.constant(np.ones(3), "int16")],
                [b.output([7], "int16")],
                {"shift": 1},
            ),
            "7 samples are not whole windows of 3",
        ),
        (
            lambda b: custom(
                b,
                "SignalWindow",
                [b.input([6], "int16"), b.constant(np.ones(3), "int16")],
                [b.output([6], "int16")],
                {"shift": 32},
            ),
            r"shift is 32; it must be in \[0, 31\]",
        ),
        (
            lambda b: custom(
                b,
                "SignalWindow",
                [b.input([6], "int16"), b.constant(np.ones(3), "int16")],
                [b.output([6], "int16")],
                {"shift": 1, "scale": 2},
            ),
            "options must be exactly",
        ),
        (
            lambda b: custom(
                b,
                "SignalEnergy",
                [b.input([8], "int16")],
                [b.output([4], "uint32")],
                {"start_index": 2, "end_index": 5},
            ),
            r"end_index is 5; it must be in \[2, 4\]",
        ),
        (
            lambda b: custom(
                b,
                "SignalFilterBankLog",
                [b.input([4], "uint32")],
                [b.output([4], "int32")],
                {"input_correction_bits": 0, "output_scale": 1},
            ),
            "TFLite Micro's kernel takes UINT32/INT16",
        ),
    ],
)
def test_refuses(build, message):
    b = Batch(0)
    build(b)
    with pytest.raises(CheckError, match=message):
        check(read_model(b.build()))


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an385"])
def test_every_signal_op_in_qemu(board):
    """One random node of each, cross-compiled: the Cortex-M4 (DSP-extension FFT, the square root from its FPU)
    and the Cortex-M3 (plain C FFT, the square root bit by bit)."""
    b = Batch(9)
    window_node(b)
    auto_scale_node(b)
    rfft_node(b, 64)
    irfft_node(b, 128)
    rfft_node(b, 256, "float32")
    irfft_node(b, 64, "float32")
    rfft_node(b, 128, "int32")
    irfft_node(b, 32, "int32")
    round_trip_node(b, 32)
    energy_node(b)
    filter_bank_node(b)
    square_root_node(b)
    subtraction_node(b)
    pcan_node(b)
    log_node(b)
    verify_model(b.build(), sets=b.sets(3), qemu=True, board=board)


@pytest.mark.parametrize("name", ["SignalRfft", "SignalIrfft"])
def test_prepare_refuses_one_byte_less_scratch(name, tmp_path):
    """The planner's scratch (mg_signal_*_scratch_size in C) is what prepare demands: one byte less fails."""
    b = Batch(1)
    (rfft_node if name == "SignalRfft" else irfft_node)(b, 32)
    the_plan = plan(check(read_model(b.build())))
    scratch = the_plan.nodes[0].scratch_bytes
    project = emit(the_plan, load_board("mps2-an386"), tmp_path / "p", "case.tflite")
    arena = project.path / "src" / "arena_plan.c"
    sizes = "static const uint32_t scratch_sizes[1] = {\n"
    assert f"{sizes}    {scratch}u," in arena.read_text()
    arena.write_text(arena.read_text().replace(f"{sizes}    {scratch}u,", f"{sizes}    {scratch - 1}u,"))
    with pytest.raises(McugenError, match=f"{name}: less scratch than it needs"):
        run_host(build_host(project.path), project.inputs, project.outputs, b.sets(1))
