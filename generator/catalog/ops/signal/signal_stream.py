"""TFLite Micro's signal library ops that carry samples from one invoke to the next: SignalDelay,
SignalOverlapAdd (int16 and float32), SignalFramer and SignalStacker (firmware/kernels/signal_delay.c,
signal_overlap_add.c, signal_framer.c). Their state lives
in the persistent region (KernelSpec.state_bytes, zero at start, as TFLite Micro's prepare leaves it), so a
model with them is stateful (Graph.is_stateful): its input sets are steps of one stream."""

from __future__ import annotations

from ...spec import KERNEL_STATE, CExpr, NodeParams
from ..common._scratch import scratch_size
from ..common._signal import SignalError, dtypes, in_range, kernel, options, options_field

FLOAT32, INT16 = 0, 7  # TensorType codes, as the "T" option holds them


def _state(op, c_type: str) -> CExpr:
    """The node's state in the persistent region; NULL for none (a delay of 0 holds no samples)."""
    if KERNEL_STATE not in op.options:
        return CExpr("NULL")
    return CExpr(f"({c_type})(mg_persistent + {op.options[KERNEL_STATE]})")


def _rows(t) -> int:
    return t.num_elements // t.shape[-1]


def _delay(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 1:
        raise SignalError("needs 1 input and 1 output")
    dtypes([inputs[0], outputs[0]], ("INT16", "INT16"), "input and output")
    if len(inputs[0].shape) < 1 or inputs[0].shape[-1] < 1 or inputs[0].shape != outputs[0].shape:
        raise SignalError("the output must have the input's shape, at least 1-D and not empty")
    in_range("delay_length", options(op, ("delay_length",))["delay_length"], 0, 2**20)


def _delay_params(op, inputs, outputs):
    fields = {"rows": _rows(inputs[0]), "frame_size": inputs[0].shape[-1]}
    fields["delay_length"] = options(op, ("delay_length",))["delay_length"]
    fields["held"] = _state(op, "int16_t *")
    return NodeParams("mg_signal_delay_params", {**options_field(op), **fields})


def _delay_state(op, inputs, outputs):
    delay = options(op, ("delay_length",))["delay_length"]
    return scratch_size("mg_signal_delay_state_size", _rows(inputs[0]), delay)


def _overlap_add(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 1:
        raise SignalError("needs 1 input and 1 output")
    o = options(op, ("T", "frame_step"))
    if o["T"] not in (INT16, FLOAT32):
        raise SignalError(f"T is TensorType {o['T']}: TFLite Micro's kernel takes int16 (7) or float32 (0)")
    name = "INT16" if o["T"] == INT16 else "FLOAT32"
    dtypes([inputs[0], outputs[0]], (name, name), "input and output")
    x, y = inputs[0], outputs[0]
    if len(x.shape) < 2 or len(y.shape) != len(x.shape) - 1 or x.shape[:-2] != y.shape[:-1]:
        raise SignalError("the input must be [..., frames, frame_size] and the output [..., samples]")
    frames, size = x.shape[-2:]
    if frames < 1 or size < 1:
        raise SignalError("frames must hold at least one sample")
    in_range("frame_step", o["frame_step"], 1, size)
    if y.shape[-1] != frames * o["frame_step"]:
        raise SignalError(f"the output must hold frames * frame_step = {frames * o['frame_step']} samples per row")


def _overlap_add_params(op, inputs, outputs):
    x = inputs[0]
    fields = {"rows": x.num_elements // (x.shape[-1] * x.shape[-2]), "frames": x.shape[-2], "frame_size": x.shape[-1]}
    fields["frame_step"] = options(op, ("T", "frame_step"))["frame_step"]
    fields["pending"] = _state(op, "void *")
    return NodeParams("mg_signal_overlap_add_params", {**options_field(op), **fields})


def _overlap_add_state(op, inputs, outputs):
    x = inputs[0]
    rows = x.num_elements // (x.shape[-1] * x.shape[-2])
    return scratch_size("mg_signal_overlap_add_state_size", rows, x.shape[-1], x.dtype.size)


FRAMER_KEYS = ("frame_size", "frame_step", "prefill")


def _framer(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 2:
        raise SignalError("needs 1 input and 2 outputs (frames, valid)")
    dtypes([inputs[0], *outputs], ("INT16", "INT16", "BOOL"), "input, frames and valid")
    o = options(op, FRAMER_KEYS)
    in_range("frame_size", o["frame_size"], 1, 2**20)
    in_range("frame_step", o["frame_step"], 1, 2**20)
    if o["prefill"] and o["frame_size"] < o["frame_step"]:
        raise SignalError("prefill needs frame_size >= frame_step (TFLite Micro would prefill a negative count)")
    x, y, valid = inputs[0], *outputs
    if len(x.shape) < 1 or x.shape[-1] < o["frame_step"] or x.shape[-1] % o["frame_step"]:
        raise SignalError(f"the input's rows must be whole steps of {o['frame_step']} samples, at least one")
    frames = x.shape[-1] // o["frame_step"]
    if tuple(y.shape) != (*x.shape[:-1], frames, o["frame_size"]) or len(valid.shape) != 0:
        raise SignalError(f"the frames must be [..., {frames}, {o['frame_size']}] and valid a scalar")


def framer_geometry(op, inputs) -> dict:
    o = options(op, FRAMER_KEYS)
    size, step = o["frame_size"], o["frame_step"]
    rows = inputs[0].num_elements // inputs[0].shape[-1]
    capacity = (size + step - 1) // step * step
    prefilled = size - step if o["prefill"] and size > step else 0
    frames = inputs[0].shape[-1] // step
    geometry = {"rows": rows, "frames": frames, "frame_size": size, "frame_step": step, "capacity": capacity}
    return {**geometry, "prefilled": prefilled}


def _framer_params(op, inputs, outputs):
    fields = {**framer_geometry(op, inputs), "filled": _state(op, "int32_t *")}
    return NodeParams("mg_signal_framer_params", {**options_field(op), **fields})


def _framer_state(op, inputs, outputs):
    g = framer_geometry(op, inputs)
    return scratch_size("mg_signal_framer_state_size", g["rows"], g["capacity"])


STACKER_KEYS = ("num_channels", "stacker_left_context", "stacker_right_context", "stacker_step")


def stacker_geometry(op) -> dict:
    o = options(op, STACKER_KEYS)
    channels, left, right = o["num_channels"], o["stacker_left_context"], o["stacker_right_context"]
    return {
        "num_channels": channels,
        "left_context": left,
        "stacked": channels * (left + right + 1),
        "step": channels * o["stacker_step"],
    }


def _stacker(op, inputs, outputs):
    if len(inputs) != 1 or len(outputs) != 2:
        raise SignalError("needs 1 input and 2 outputs (stacked, valid)")
    dtypes([inputs[0], *outputs], ("INT16", "INT16", "BOOL"), "input, stacked and valid")
    o = options(op, STACKER_KEYS)
    in_range("num_channels", o["num_channels"], 1, 2**16)
    in_range("stacker_left_context", o["stacker_left_context"], 0, 2**10)
    in_range("stacker_right_context", o["stacker_right_context"], 0, 2**10)
    context = o["stacker_left_context"] + o["stacker_right_context"] + 1
    in_range("stacker_step", o["stacker_step"], 1, context)
    g = stacker_geometry(op)
    x, y, valid = inputs[0], *outputs
    if list(x.shape) != [g["num_channels"]] or list(y.shape) != [g["stacked"]] or len(valid.shape) != 0:
        raise SignalError(f"needs input [{g['num_channels']}], output [{g['stacked']}] and a scalar valid")


def _stacker_params(op, inputs, outputs):
    fields = {**stacker_geometry(op), "state": _state(op, "int32_t *")}
    return NodeParams("mg_signal_stacker_params", {**options_field(op), **fields})


def _stacker_state(op, inputs, outputs):
    return scratch_size("mg_signal_stacker_state_size", stacker_geometry(op)["stacked"])


SPECS = [
    kernel(
        "SignalDelay",
        "mg_register_signal_delay",
        ("INT16",),
        ("signal_delay.c", "signal_sizes.c"),
        _delay,
        _delay_params,
        state_bytes=_delay_state,
    ),
    kernel(
        "SignalOverlapAdd",
        "mg_register_signal_overlap_add",
        ("INT16", "FLOAT32"),
        ("signal_overlap_add.c", "signal_sizes.c"),
        _overlap_add,
        _overlap_add_params,
        state_bytes=_overlap_add_state,
    ),
    kernel(
        "SignalFramer",
        "mg_register_signal_framer",
        ("INT16",),
        ("signal_framer.c", "signal_sizes.c"),
        _framer,
        _framer_params,
        state_bytes=_framer_state,
    ),
    kernel(
        "SignalStacker",
        "mg_register_signal_stacker",
        ("INT16",),
        ("signal_framer.c", "signal_sizes.c"),
        _stacker,
        _stacker_params,
        state_bytes=_stacker_state,
    ),
]
