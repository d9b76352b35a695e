"""TFLite Micro's signal library, from energy spectrum to features: SignalFilterBank, SignalFilterBankSquareRoot,
SignalFilterBankSpectralSubtraction, SignalPCAN and SignalFilterBankLog (firmware/kernels/signal_*.c). The
filter bank's channel tables must be constants, so that every band is checked here to lie inside the spectrum
and the weights (TFLite Micro reads wherever they point). Spectral subtraction keeps its noise estimate across
invokes in the persistent region (KernelSpec.state_bytes)."""

from __future__ import annotations

from ...spec import KERNEL_STATE, CExpr, NodeParams
from ..common._scratch import scratch_size
from ..common._signal import SignalError, dtypes, in_range, kernel, options, options_field, ranks


def _unary(op, inputs, outputs, types: tuple[str, str]):
    if len(inputs) != 1 or len(outputs) != 1:
        raise SignalError("needs 1 input and 1 output")
    dtypes([inputs[0], outputs[0]], types, "input and output")
    ranks([inputs[0], outputs[0]], (1, 1), "input and output")
    if inputs[0].shape != outputs[0].shape:
        raise SignalError("the output must have the input's shape")


def _filter_bank(op, inputs, outputs):
    if len(inputs) != 6 or len(outputs) != 1 or any(t is None for t in inputs):
        raise SignalError("needs 6 inputs (spectrum, weights, unweights, band starts, weight starts, widths), 1 output")
    dtypes([*inputs, outputs[0]], ("UINT32",) + ("INT16",) * 5 + ("UINT64",), "inputs and output")
    ranks([*inputs, outputs[0]], (1,) * 7, "inputs and output")
    channels = options(op, ("num_channels",))["num_channels"]
    if channels < 1 or outputs[0].num_elements != channels:
        raise SignalError(f"num_channels is {channels}; the output has {outputs[0].num_elements} channels")
    spectrum, weights, unweights, *tables = inputs
    if weights.shape != unweights.shape:
        raise SignalError("weights and unweights must have one size")
    if any(t.data is None for t in (weights, unweights, *tables)):
        raise SignalError("the weights and channel tables must be constants (their bounds are checked here)")
    starts, weight_starts, widths = (t.array().astype(int) for t in tables)
    if any(len(t) != channels + 1 for t in (starts, weight_starts, widths)):
        raise SignalError(f"the channel tables must have num_channels + 1 = {channels + 1} entries")
    for c in range(channels + 1):
        start, at, width = starts[c], weight_starts[c], widths[c]
        inside = start + width <= spectrum.num_elements and at + width <= weights.num_elements
        if min(start, at, width) < 0 or not inside:
            raise SignalError(f"channel {c}'s band (start {start}, weights at {at}, width {width}) is out of bounds")


def _filter_bank_params(op, inputs, outputs):
    fields = {"num_channels": outputs[0].num_elements, "input_size": inputs[0].num_elements}
    fields["num_weights"] = inputs[1].num_elements
    return NodeParams("mg_signal_filter_bank_params", {**options_field(op), **fields})


def _square_root(op, inputs, outputs):
    if len(inputs) != 2 or len(outputs) != 1 or inputs[1] is None:
        raise SignalError("needs 2 inputs (filter bank, scale bits) and 1 output")
    dtypes([*inputs, outputs[0]], ("UINT64", "INT32", "UINT32"), "input, scale bits and output")
    ranks([*inputs, outputs[0]], (1, 0, 1), "input, scale bits and output")
    if inputs[0].shape != outputs[0].shape:
        raise SignalError("the output must have the input's shape")
    if op.custom_options:
        options(op, ())


def _square_root_params(op, inputs, outputs):
    fields = {**options_field(op), "count": outputs[0].num_elements}
    return NodeParams("mg_signal_filter_bank_square_root_params", fields)


SUBTRACTION_KEYS = (
    "alternate_one_minus_smoothing",
    "alternate_smoothing",
    "clamping",
    "min_signal_remaining",
    "num_channels",
    "one_minus_smoothing",
    "smoothing",
    "smoothing_bits",
    "spectral_subtraction_bits",
)


def _subtraction(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 2:
        raise SignalError("needs 1 input and 2 outputs (signal, noise estimate)")
    dtypes([inputs[0], *outputs], ("UINT32",) * 3, "input and outputs")
    ranks([inputs[0], *outputs], (1, 1, 1), "input and outputs")
    o = options(op, SUBTRACTION_KEYS)
    count = inputs[0].num_elements
    if o["num_channels"] != count or any(t.num_elements != count for t in outputs):
        raise SignalError(f"num_channels is {o['num_channels']}; input and outputs must have that many channels")
    for key in ("smoothing_bits", "spectral_subtraction_bits"):  # shifts of 32-bit and 64-bit values
        in_range(key, o[key], 0, 31)


def _subtraction_state(op, inputs, outputs):
    return scratch_size("mg_signal_spectral_subtraction_state_size", inputs[0].num_elements)


def _subtraction_params(op, inputs, outputs):
    o = options(op, SUBTRACTION_KEYS)
    in_struct_order = ("num_channels", "smoothing", "one_minus_smoothing", "alternate_smoothing")
    in_struct_order += ("alternate_one_minus_smoothing", "min_signal_remaining", "smoothing_bits")
    in_struct_order += ("spectral_subtraction_bits", "clamping")
    state = CExpr(f"(uint32_t *)(mg_persistent + {op.options[KERNEL_STATE]})")
    # TFLite Micro reads the coefficients as int32 into uint32 fields: a negative one wraps
    fields = {**{key: o[key] & 0xFFFFFFFF for key in in_struct_order}, "noise_estimate": state}
    return NodeParams("mg_signal_spectral_subtraction_params", {**options_field(op), **fields})


def _pcan(op, inputs, outputs):
    if len(inputs) != 3 or len(outputs) != 1 or any(t is None for t in inputs):
        raise SignalError("needs 3 inputs (signal, noise estimate, gain table) and 1 output")
    dtypes([*inputs, outputs[0]], ("UINT32", "UINT32", "INT16", "UINT32"), "inputs and output")
    ranks([*inputs, outputs[0]], (1, 1, 1, 1), "inputs and output")
    signal, noise, lut = inputs
    if noise.shape != signal.shape or outputs[0].shape != signal.shape:
        raise SignalError("signal, noise estimate and output must have one shape")
    if lut.num_elements < 4 * 32 - 6 + 3:
        raise SignalError(f"the gain table has {lut.num_elements} entries; estimates up to 2^32 read 125")
    in_range("snr_shift", options(op, ("snr_shift",))["snr_shift"], 0, 63)


def _pcan_params(op, inputs, outputs):
    fields = {"num_channels": outputs[0].num_elements, **options(op, ("snr_shift",))}
    return NodeParams("mg_signal_pcan_params", {**options_field(op), **fields})


LOG_KEYS = ("input_correction_bits", "output_scale")


def _log(op, inputs, outputs):
    _unary(op, inputs, outputs, ("UINT32", "INT16"))
    o = options(op, LOG_KEYS)
    in_range("input_correction_bits", o["input_correction_bits"], 0, 31)
    in_range("output_scale", o["output_scale"], -(2**31), 2**31 - 1)


def _log_params(op, inputs, outputs):
    o = options(op, LOG_KEYS)
    fields = {"num_channels": outputs[0].num_elements, **o, "output_scale": o["output_scale"] & 0xFFFFFFFF}
    return NodeParams("mg_signal_filter_bank_log_params", {**options_field(op), **fields})


SPECS = [
    kernel(
        "SignalFilterBank",
        "mg_register_signal_filter_bank",
        ("UINT32",),
        ("signal_filter_bank.c",),
        _filter_bank,
        _filter_bank_params,
    ),
    kernel(
        "SignalFilterBankSquareRoot",
        "mg_register_signal_filter_bank_square_root",
        ("UINT64",),
        ("signal_filter_bank.c",),
        _square_root,
        _square_root_params,
    ),
    kernel(
        "SignalFilterBankSpectralSubtraction",
        "mg_register_signal_filter_bank_spectral_subtraction",
        ("UINT32",),
        ("signal_spectral_subtraction.c", "signal_sizes.c"),
        _subtraction,
        _subtraction_params,
        state_bytes=_subtraction_state,
    ),
    kernel("SignalPCAN", "mg_register_signal_pcan", ("UINT32",), ("signal_pcan.c",), _pcan, _pcan_params),
    kernel(
        "SignalFilterBankLog",
        "mg_register_signal_filter_bank_log",
        ("UINT32",),
        ("signal_filter_bank_log.c",),
        _log,
        _log_params,
    ),
]
