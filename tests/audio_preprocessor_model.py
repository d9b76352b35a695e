"""An audio front end of the shape TFLite Micro's micro_speech example runs before its classifier, built here
from its definition (no data taken from another project): one 30 ms frame of 16 kHz int16 audio (480 samples)
to 40 log mel features with the signal library's custom ops, SignalWindow (Hann), SignalFftAutoScale,
SignalRfft (512), SignalEnergy, SignalFilterBank, SignalFilterBankSquareRoot,
SignalFilterBankSpectralSubtraction, SignalPCAN, SignalFilterBankLog, then a tail that scales the features to
float32 (MUL) or to int8 (MUL, ADD, DIV, ADD, MINIMUM, MAXIMUM in int32, CAST). Every constant is computed
below from the parameters; nothing is random. TFLite Micro's interpreter, which registers the Signal ops by
name, is the reference on these very bytes."""

from __future__ import annotations

import numpy as np
from flatbuffers import flexbuffers

from modelkit import GraphBuilder

SAMPLE_RATE = 16000
FRAME = 480  # 30 ms
FFT_LENGTH = 512
CHANNELS = 40
LOWER_HZ, UPPER_HZ = 125.0, 7500.0
WINDOW_BITS = 12  # the window's fraction bits (SignalWindow shifts the products down by as many)
FILTER_BITS = 12  # the filter bank weights' fraction bits; the square root leaves half of them
SMOOTHING_BITS = 10  # fraction bits of spectral subtraction's noise estimate
SUBTRACTION_BITS = 14  # fraction bits of its smoothing coefficients
SMOOTHING, ALTERNATE_SMOOTHING, MIN_SIGNAL_REMAINING = 0.025, 0.06, 0.05
PCAN_STRENGTH, PCAN_OFFSET, PCAN_GAIN_BITS = 0.95, 80.0, 21
PCAN_SNR_BITS = 12  # SignalPCAN's fixed signal-to-noise fraction bits
LUT_INTERVALS = 32  # PCAN's gain table: one quadratic per octave of a uint32 noise estimate
LOG_SCALE = 64  # SignalFilterBankLog's output: 64 * ln(x)
FLOAT_FEATURE_SCALE = 5 / 128  # the float features: log output / 25.6
INT8_FEATURE_SCALE = 0.1  # the int8 features' quantization step (zero point -128), in float feature units
INT8_MULTIPLIER = 256  # the int8 tail's integer ratio: log * 256 / divisor, rounded half up
# The FFT of 512 points scales its output down by 2^9; the square root of the Q12-weighted energies keeps 6
# fraction bits: the log's input is shifted up by the difference.
CORRECTION_BITS = int(np.log2(FFT_LENGTH)) - FILTER_BITS // 2


def hann_window() -> np.ndarray:
    """A symmetric Hann window sampled at the samples' centres, in WINDOW_BITS fraction bits."""
    phase = 2 * np.pi * (np.arange(FRAME) + 0.5) / FRAME
    return np.round((0.5 - 0.5 * np.cos(phase)) * 2**WINDOW_BITS).astype(np.int16)


def mel(hz):
    return 1127.0 * np.log1p(np.asarray(hz, dtype=np.float64) / 700.0)


def filter_bank() -> dict:
    """Triangular mel filters for SignalFilterBank. Channel i of its CHANNELS + 1 bands takes the spectrum bins
    whose mel lies in (centre[i - 1], centre[i]] (centres evenly spaced in mel, the last at UPPER_HZ): a bin's
    weight, its share of output i - 1 (the triangle peaking at centre[i - 1]), falls from 1 to 0 across the band;
    its unweight, 1 minus that, is its share of output i (the next triangle). Band 0's weights go nowhere (the op
    drops that channel). Also the [start, end) of the bins used, which is SignalEnergy's range."""
    spacing = (mel(UPPER_HZ) - mel(LOWER_HZ)) / (CHANNELS + 1)
    centres = mel(LOWER_HZ) + spacing * np.arange(1, CHANNELS + 2)
    bin_mels = mel(np.arange(FFT_LENGTH // 2 + 1) * SAMPLE_RATE / FFT_LENGTH)
    start = int(np.argmax(bin_mels > mel(LOWER_HZ)))
    weights, unweights, freq_starts, weight_starts, widths = [], [], [], [], []
    low, first = mel(LOWER_HZ), start
    for centre in centres:
        last = first
        while last < len(bin_mels) and bin_mels[last] <= centre:
            last += 1
        share = np.round((centre - bin_mels[first:last]) / (centre - low) * 2**FILTER_BITS).astype(int)
        freq_starts.append(first)
        weight_starts.append(len(weights))
        widths.append(last - first)
        weights += share.tolist()
        unweights += (2**FILTER_BITS - share).tolist()
        low, first = centre, last
    tables = [weights, unweights, freq_starts, weight_starts, widths]
    return {"tables": [np.array(t, dtype=np.int16) for t in tables], "start": start, "end": first}


def pcan_gain_lut() -> np.ndarray:
    """SignalPCAN's gain table for gain = 2^GAIN_BITS * (noise + OFFSET)^-STRENGTH, rounded and saturated to
    int16, of the noise on the log's scale: the estimate n carries SMOOTHING_BITS fraction bits and the filter
    bank's outputs lie CORRECTION_BITS below that scale, so noise = n / 2^(SMOOTHING_BITS - CORRECTION_BITS).
    Entries 0 and 1 are gain(0) and gain(1); each octave [2^(k-1), 2^k) of n for k = 2..32 is the quadratic
    y0 + a1 f + a2 f^2 in the octave's fraction f through the gain at f = 0, 1/2, 1 (the last octave ends at
    2^32 - 1), stored as y0, a1, a2 at 4k - 6 (the op's layout)."""
    input_bits = SMOOTHING_BITS - CORRECTION_BITS

    def gain(n):
        value = 2.0**PCAN_GAIN_BITS * (n / 2.0**input_bits + PCAN_OFFSET) ** -PCAN_STRENGTH
        return int(np.floor(min(value, 32767.0) + 0.5))

    lut = np.zeros(4 * LUT_INTERVALS - 6 + 3, dtype=np.int16)
    lut[0], lut[1] = gain(0), gain(1)
    for k in range(2, LUT_INTERVALS + 1):
        x0 = 2 ** (k - 1)
        y0, y1, y2 = gain(x0), gain(x0 + x0 // 2), gain(2 * x0 if k < LUT_INTERVALS else 2 * x0 - 1)
        a1 = 4 * (y1 - y0) - (y2 - y0)  # y(1/2) = y1 and y(1) = y2
        lut[4 * k - 6 : 4 * k - 3] = y0, a1, (y2 - y0) - a1
    return lut


def subtraction_options() -> dict:
    one = 2**SUBTRACTION_BITS
    smoothing, alternate = round(SMOOTHING * one), round(ALTERNATE_SMOOTHING * one)
    return {
        "alternate_one_minus_smoothing": one - alternate,
        "alternate_smoothing": alternate,
        "clamping": False,
        "min_signal_remaining": round(MIN_SIGNAL_REMAINING * one),
        "num_channels": CHANNELS,
        "one_minus_smoothing": one - smoothing,
        "smoothing": smoothing,
        "smoothing_bits": SMOOTHING_BITS,
        "spectral_subtraction_bits": SUBTRACTION_BITS,
    }


class _Chain:
    """Adds nodes in order and remembers, per node, its outputs and a label naming it."""

    def __init__(self):
        self.g = GraphBuilder()
        self.stages: list[tuple[int, str, bool]] = []  # (tensor, label, every entry defined in TFLite Micro)

    def const(self, values, dtype) -> int:
        values = np.asarray(values, dtype=dtype)
        return self.g.tensor(values.shape, dtype, data=values)

    def node(self, name, inputs, outputs, options=None, defined=True, **builtin) -> list[int]:
        """`outputs` as (shape, dtype) pairs; `options` (custom ops' FlexBuffers map) makes `name` a custom op."""
        tensors = [self.g.tensor(shape, dtype) for shape, dtype in outputs]
        if options is None:
            index = self.g.op(name, inputs, tensors, **builtin)
        else:
            index = self.g.op("CUSTOM", inputs, tensors, custom_code=name)
            self.g.graph.operators[index].customOptions = list(flexbuffers.Dumps(options))
        for k, t in enumerate(tensors):
            self.stages.append((t, f"node {index} {name} output {k}", defined))
        return tensors


def build(variant: str, every_stage: bool = False) -> tuple[bytes, list[str]]:
    """The `variant` ("float" or "int8") front end and its output names. With `every_stage`, every tensor a
    node writes is an output too (each stage compared on its own), except the CAST of SignalEnergy's output:
    TFLite Micro leaves that output's entries outside [start_index, end_index) unwritten, which the reference
    reports as zeros (as mcugen writes them) only at the op's own output."""
    bank = filter_bank()
    start, end, bins = bank["start"], bank["end"], FFT_LENGTH // 2 + 1
    c = _Chain()
    audio = c.g.tensor([1, FRAME], "int16")
    (x,) = c.node(
        "SignalWindow", [audio, c.const(hann_window(), "int16")], [([1, FRAME], "int16")], {"shift": WINDOW_BITS}
    )
    (x,) = c.node("RESHAPE", [x, c.const([-1], "int32")], [([FRAME], "int16")])
    x, scale_bits = c.node("SignalFftAutoScale", [x], [([FRAME], "int16"), ([], "int32")], {})
    (x,) = c.node("SignalRfft", [x], [([2 * bins], "int16")], {"T": 7, "fft_length": FFT_LENGTH})
    (x,) = c.node("SignalEnergy", [x], [([bins], "uint32")], {"end_index": end, "start_index": start})
    # the unwritten ends replaced by zeros (CAST, as STRIDED_SLICE and CONCATENATION take no uint32)
    (x,) = c.node("CAST", [x], [([bins], "int32")], defined=False)
    slice_ends = [c.const([i], "int32") for i in (start, end, 1)]
    (x,) = c.node("STRIDED_SLICE", [x, *slice_ends], [([end - start], "int32")])
    zeros = [c.const(np.zeros(n), "int32") for n in (start, bins - end)]
    (x,) = c.node("CONCATENATION", [zeros[0], x, zeros[1]], [([bins], "int32")], axis=0)
    (x,) = c.node("CAST", [x], [([bins], "uint32")])
    tables = [c.const(t, "int16") for t in bank["tables"]]
    (x,) = c.node("SignalFilterBank", [x, *tables], [([CHANNELS], "uint64")], {"num_channels": CHANNELS})
    (x,) = c.node("SignalFilterBankSquareRoot", [x, scale_bits], [([CHANNELS], "uint32")], {})
    channel = ([CHANNELS], "uint32")
    x, noise = c.node("SignalFilterBankSpectralSubtraction", [x], [channel, channel], subtraction_options())
    # channel x gain carries GAIN_BITS - CORRECTION_BITS fraction bits, the op's signal-to-noise ratio 12
    snr_shift = PCAN_GAIN_BITS - CORRECTION_BITS - PCAN_SNR_BITS
    (x,) = c.node("SignalPCAN", [x, noise, c.const(pcan_gain_lut(), "int16")], [channel], {"snr_shift": snr_shift})
    log_options = {"input_correction_bits": CORRECTION_BITS, "output_scale": LOG_SCALE}
    (x,) = c.node("SignalFilterBankLog", [x], [([CHANNELS], "int16")], log_options)
    (out,) = _float_tail(c, x) if variant == "float" else _int8_tail(c, x)
    kept = [(t, label) for t, label, defined in c.stages if defined] if every_stage else [(out, "features")]
    return c.g.build([audio], [t for t, _ in kept]), [label for _, label in kept]


def _float_tail(c: _Chain, log) -> list[int]:
    (x,) = c.node("CAST", [log], [([CHANNELS], "float32")])
    return c.node("MUL", [x, c.const(FLOAT_FEATURE_SCALE, "float32")], [([CHANNELS], "float32")])


def _int8_tail(c: _Chain, log) -> list[int]:
    """The float feature quantized (step INT8_FEATURE_SCALE, zero point -128) in int32 arithmetic: log * 256
    plus half the divisor, truncating DIV (the sum is never negative) rounds log * 256 / divisor, then the zero
    point added, clamped to [-128, 127], cast to int8."""
    divisor = round(INT8_MULTIPLIER * INT8_FEATURE_SCALE / FLOAT_FEATURE_SCALE)
    scalar = {v: c.const(v, "int32") for v in (INT8_MULTIPLIER, divisor // 2, divisor, -128, 127)}
    vector = ([CHANNELS], "int32")
    (x,) = c.node("CAST", [log], [vector])
    (x,) = c.node("MUL", [x, scalar[INT8_MULTIPLIER]], [vector])
    (x,) = c.node("ADD", [x, scalar[divisor // 2]], [vector])
    (x,) = c.node("DIV", [x, scalar[divisor]], [vector])
    (x,) = c.node("ADD", [x, scalar[-128]], [vector])
    (x,) = c.node("MINIMUM", [x, scalar[127]], [vector])
    (x,) = c.node("MAXIMUM", [x, scalar[-128]], [vector])
    return c.node("CAST", [x], [([CHANNELS], "int8")])
