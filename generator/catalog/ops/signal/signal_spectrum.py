"""TFLite Micro's signal library, from samples to energy spectrum: SignalWindow, SignalFftAutoScale, SignalRfft
(int16), its inverse SignalIrfft and SignalEnergy (firmware/kernels/signal_*.c). Every shape, type and option
TFLite Micro's kernels would read out of bounds or fail on is refused here; the FFTs' factors and twiddles are
computed as kissfft v130's alloc computes them (TFLite Micro builds it with FIXED_POINT 16)."""

from __future__ import annotations

import math

import numpy as np

from ...spec import NodeParams
from ..common._scratch import scratch_size
from ..common._signal import SignalError, dtypes, in_range, kernel, options, options_field, ranks


def _window(op, inputs, outputs):
    if len(inputs) != 2 or len(outputs) != 1:
        raise SignalError("needs 2 inputs (samples, window) and 1 output")
    dtypes([*inputs, *outputs], ("INT16",) * 3, "samples, window and output")
    samples, weights = inputs
    if len(weights.shape) != 1 or len(samples.shape) < 1 or samples.shape != outputs[0].shape:
        raise SignalError("the window must be 1-D and the output the samples' shape")
    if weights.num_elements < 1 or samples.num_elements % weights.num_elements:
        raise SignalError(f"{samples.num_elements} samples are not whole windows of {weights.num_elements}")
    in_range("shift", options(op, ("shift",))["shift"], 0, 31)


def _window_params(op, inputs, outputs):
    fields = {"count": inputs[0].num_elements, "window_size": inputs[1].num_elements}
    return NodeParams("mg_signal_window_params", {**options_field(op), **fields, **options(op, ("shift",))})


def _auto_scale(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 2:
        raise SignalError("needs 1 input and 2 outputs (scaled samples, scale bits)")
    dtypes([inputs[0], *outputs], ("INT16", "INT16", "INT32"), "input, output and scale bits")
    ranks([inputs[0], *outputs], (1, 1, 0), "input, output and scale bits")
    if inputs[0].shape != outputs[0].shape:
        raise SignalError("the output must have the input's shape")
    if op.custom_options:
        options(op, ())


def _auto_scale_params(op, inputs, outputs):
    return NodeParams("mg_signal_fft_auto_scale_params", {**options_field(op), "count": outputs[0].num_elements})


def kissfft_factors(n: int) -> list[int]:
    """kissfft's kf_factor: (radix, remaining length) pairs, powers of 4 first, then 2, then odd primes."""
    factors, p, floor_sqrt = [], 4, math.floor(math.sqrt(n))
    while True:
        while n % p:
            p = 2 if p == 4 else 3 if p == 2 else p + 2
            if p > floor_sqrt:
                p = n
        n //= p
        factors += [p, n]
        if n <= 1:
            return factors


def _q15(value: float) -> int:
    """kissfft's KISS_FFT_COS/SIN in fixed point: floor(.5 + 32767 * value), stored to int16."""
    return math.floor(0.5 + 32767 * value)


def _packed(phase: float) -> int:
    """A complex twiddle packed as mg_signal_rfft_params holds it: real in the low 16 bits, imaginary above."""
    real, imag = _q15(math.cos(phase)), _q15(math.sin(phase))
    packed = (imag << 16) | (real & 0xFFFF)
    return packed - (1 << 32) if packed >= 1 << 31 else packed


def _q31_pair(phase: float) -> list[int]:
    """kissfft's 32-bit fixed-point KISS_FFT_COS/SIN: floor(.5 + 2147483647 * value), stored to int32."""
    return [math.floor(0.5 + 2147483647 * math.cos(phase)), math.floor(0.5 + 2147483647 * math.sin(phase))]


def _float_pair(phase: float) -> list[float]:
    """kissfft's float KISS_FFT_COS/SIN: the double cosine and sine rounded to float32."""
    return [float(np.float32(math.cos(phase))), float(np.float32(math.sin(phase)))]


def twiddles(fft_length: int, inverse: bool = False, dtype: str = "INT16") -> tuple[list, list]:
    """kiss_fftr_alloc's tables: the half-length FFT's and the real split's (phases negated for the inverse),
    packed int16 pairs, or (re, im) int32 or float32 pairs."""
    n = fft_length // 2
    pi = 3.14159265358979323846264338327
    sign = -1 if inverse else 1
    complex_phases = [sign * (-2 * pi * i / n) for i in range(n)]
    split_phases = [sign * (-pi * ((i + 1) / n + 0.5)) for i in range(n // 2)]
    if dtype != "INT16":
        pair = _float_pair if dtype == "FLOAT32" else _q31_pair
        return [v for ph in complex_phases for v in pair(ph)], [v for ph in split_phases for v in pair(ph)]
    return [_packed(ph) for ph in complex_phases], [_packed(ph) for ph in split_phases]


TYPES = {7: "INT16", 2: "INT32", 0: "FLOAT32"}  # the "T" option's TensorType codes the transforms have


def _rfft_options(op) -> dict:
    return options(op, ("T", "fft_length"))


def _type(op) -> str:
    return TYPES[_rfft_options(op)["T"]]


def _transform(op, inputs, outputs) -> int:
    """What SignalRfft and SignalIrfft check alike; returns fft_length."""
    if len(inputs) != 1 or len(outputs) != 1:
        raise SignalError("needs 1 input and 1 output")
    o = _rfft_options(op)
    if o["T"] not in TYPES:
        raise SignalError(f"T is TensorType {o['T']}: the int16 (7), int32 (2) and float32 (0) transforms exist")
    dtypes([inputs[0], outputs[0]], (TYPES[o["T"]],) * 2, "input and output")
    x, y = inputs[0], outputs[0]
    n = o["fft_length"]
    if n < 4 or n & (n - 1):
        raise SignalError(f"fft_length is {n}; only powers of two from 4 are implemented (kissfft radix 4 and 2)")
    if len(x.shape) < 1 or len(x.shape) != len(y.shape) or x.shape[:-1] != y.shape[:-1]:
        raise SignalError("input and output must have the same rank and the same leading dimensions")
    return n


def _rfft(op, inputs, outputs):
    n = _transform(op, inputs, outputs)
    x, y = inputs[0], outputs[0]
    if not 1 <= x.shape[-1] <= n:
        raise SignalError(f"frames of {x.shape[-1]} samples do not fit fft_length {n}")
    if y.shape[-1] != 2 * (n // 2 + 1):
        raise SignalError(f"output frames must hold {n // 2 + 1} complex values ({2 * (n // 2 + 1)} values)")


def _transform_params(op, inverse: bool, fields: dict) -> NodeParams:
    n = _rfft_options(op)["fft_length"]
    complex_fft, split = twiddles(n, inverse, _type(op))
    factors = kissfft_factors(n // 2)
    fields = {"fft_length": n, **fields, "num_factors": len(factors) // 2, "factors": factors}
    fields.update({"twiddles": complex_fft, "super_twiddles": split})
    if _type(op) != "INT16":
        c_type = "mg_signal_rfft_f32_params" if _type(op) == "FLOAT32" else "mg_signal_rfft_s32_params"
        return NodeParams(c_type, {**options_field(op), **fields})
    return NodeParams("mg_signal_irfft_params" if inverse else "mg_signal_rfft_params", {**options_field(op), **fields})


def _rfft_params(op, inputs, outputs):
    x, y = inputs[0], outputs[0]
    frames = x.num_elements // x.shape[-1]
    if _type(op) != "INT16":
        fields = {"frames": frames, "input_length": x.shape[-1], "output_length": y.shape[-1] // 2}
    else:
        fields = {"input_length": x.shape[-1], "frames": frames, "output_length": y.shape[-1] // 2}
    return _transform_params(op, False, fields)


def _transform_scratch(op, inputs, outputs):
    n = _rfft_options(op)["fft_length"]
    if _type(op) != "INT16":
        return scratch_size("mg_signal_rfft_f32_s32_scratch_size", n)
    return scratch_size(
        "mg_signal_irfft_scratch_size" if op.custom_name == "SignalIrfft" else "mg_signal_rfft_scratch_size", n
    )


def _irfft(op, inputs, outputs):
    n = _transform(op, inputs, outputs)
    x, y = inputs[0], outputs[0]
    if x.shape[-1] % 2 or x.shape[-1] < 2 * (n // 2 + 1):
        raise SignalError(f"input frames must hold at least {n // 2 + 1} complex values ({2 * (n // 2 + 1)} values)")
    if y.shape[-1] != n:
        raise SignalError(f"output frames must hold fft_length = {n} samples")


def _irfft_params(op, inputs, outputs):
    x = inputs[0]
    fields = {"frames": x.num_elements // x.shape[-1], "input_length": x.shape[-1] // 2}
    if _type(op) != "INT16":
        fields["output_length"] = outputs[0].shape[-1]
    return _transform_params(op, True, fields)


ENERGY_KEYS = ("end_index", "start_index")


def _energy(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 1:
        raise SignalError("needs 1 input and 1 output")
    dtypes([inputs[0], outputs[0]], ("INT16", "UINT32"), "input and output")
    ranks([inputs[0], outputs[0]], (1, 1), "input and output")
    count = outputs[0].num_elements
    if inputs[0].num_elements != 2 * count:
        raise SignalError(f"the input must hold the output's {count} complex values ({2 * count} int16)")
    o = options(op, ENERGY_KEYS)
    in_range("start_index", o["start_index"], 0, count)
    in_range("end_index", o["end_index"], o["start_index"], count)


def _energy_params(op, inputs, outputs):
    o = options(op, ENERGY_KEYS)
    fields = {"count": outputs[0].num_elements, "start_index": o["start_index"], "end_index": o["end_index"]}
    return NodeParams("mg_signal_energy_params", {**options_field(op), **fields})


FFT_SOURCES = ("signal_fft.c", "signal_rfft.c", "signal_rfft_f32.c", "signal_rfft_s32.c", "signal_sizes.c")

SPECS = [
    kernel("SignalWindow", "mg_register_signal_window", ("INT16",), ("signal_window.c",), _window, _window_params),
    kernel(
        "SignalFftAutoScale",
        "mg_register_signal_fft_auto_scale",
        ("INT16",),
        ("signal_fft_auto_scale.c",),
        _auto_scale,
        _auto_scale_params,
    ),
    kernel(
        "SignalRfft",
        "mg_register_signal_rfft",
        ("INT16", "INT32", "FLOAT32"),
        FFT_SOURCES,
        _rfft,
        _rfft_params,
        scratch_bytes=_transform_scratch,
    ),
    kernel(
        "SignalIrfft",
        "mg_register_signal_irfft",
        ("INT16", "INT32", "FLOAT32"),
        FFT_SOURCES,
        _irfft,
        _irfft_params,
        scratch_bytes=_transform_scratch,
    ),
    kernel("SignalEnergy", "mg_register_signal_energy", ("INT16",), ("signal_energy.c",), _energy, _energy_params),
]
