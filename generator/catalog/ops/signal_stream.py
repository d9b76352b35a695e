"""TFLite Micro's signal library ops that carry samples from one invoke to the next: SignalDelay and
SignalOverlapAdd (int16 and float32) (firmware/kernels/signal_delay.c, signal_overlap_add.c). Their state lives
in the persistent region (KernelSpec.state_bytes, zero at start, as TFLite Micro's prepare leaves it), so a
model with them is stateful (Graph.is_stateful): its input sets are steps of one stream."""

from __future__ import annotations

from ..spec import KERNEL_STATE, CExpr, NodeParams
from ._scratch import scratch_size
from ._signal import SignalError, dtypes, in_range, kernel, options, options_field

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
]
