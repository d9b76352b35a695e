"""UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite Micro's unidirectional_sequence_lstm.cc, lstm_eval.h): float32, the
standard LSTM of TFLite Micro (all four gates, no peepholes, projection or layer norm, tanh cell activation). The
hidden and cell states (inputs 18 and 19) must be variable tensors: the planner keeps them for the whole run,
the kernel's prepare clears them, and a model holding one is stateful (docs/streaming.md)."""

from __future__ import annotations

from ..spec import KernelSpec, NodeParams
from . import _scratch

INPUT_WEIGHTS, RECURRENT_WEIGHTS, BIASES, HIDDEN, CELL = range(1, 5), range(5, 9), range(12, 16), 18, 19
VARIANTS = {9: "peephole", 10: "peephole", 11: "peephole", 16: "projection", 17: "projection"}
VARIANTS.update({i: "layer norm" for i in range(20, 24)})
TANH = 4


def _dims(op, inputs):
    """time_major, batches, steps, input_size, units."""
    inp, time_major = inputs[0], bool(op.options.get("time_major", False))
    steps, batches = (inp.shape[0], inp.shape[1]) if time_major else (inp.shape[1], inp.shape[0])
    return time_major, batches, steps, inp.shape[2], inputs[HIDDEN].shape[-1]


def _tensor_problem(op, inputs, outputs):
    if len(inputs) != 24 or len(outputs) != 1:
        return "needs 24 inputs and one output"
    for index, variant in VARIANTS.items():
        if inputs[index] is not None:
            return f"LSTM variants are not supported (input {index}, {variant}), as in TFLite Micro"
    required = [0, *INPUT_WEIGHTS, *RECURRENT_WEIGHTS, *BIASES, HIDDEN, CELL]
    missing = [i for i in required if inputs[i] is None]
    if missing:
        return f"inputs {missing} are missing (TFLite Micro needs all four gates)"
    if not (inputs[HIDDEN].is_variable and inputs[CELL].is_variable):
        return "the hidden and cell states (inputs 18 and 19) must be variable tensors"
    if len(inputs[0].shape) != 3:
        return f"the input must be 3-D, not {list(inputs[0].shape)}"
    return None


def _shape_problem(op, inputs, outputs):
    time_major, batches, steps, input_size, units = _dims(op, inputs)
    sequence = [steps, batches] if time_major else [batches, steps]
    expected = {"output": (outputs[0].shape, [*sequence, units])}
    expected.update({"hidden state": (inputs[HIDDEN].shape, [batches, units])})
    expected.update({"cell state": (inputs[CELL].shape, [batches, units])})
    expected.update({f"input {i} (weights)": (inputs[i].shape, [units, input_size]) for i in INPUT_WEIGHTS})
    expected.update({f"input {i} (recurrent weights)": (inputs[i].shape, [units, units]) for i in RECURRENT_WEIGHTS})
    expected.update({f"input {i} (bias)": (inputs[i].shape, [units]) for i in BIASES})
    for name, (shape, want) in expected.items():
        if list(shape) != want:
            return f"{name} shape {list(shape)} is not {want}"
    return None


def validate(op, inputs, outputs):
    problem = _tensor_problem(op, inputs, outputs) or _shape_problem(op, inputs, outputs)
    if problem:
        return problem
    types = sorted({t.dtype.name for t in [*inputs, *outputs] if t is not None})
    if types != ["FLOAT32"]:
        return f"tensor types {types} are not supported (float32)"
    activation = op.options.get("fused_activation_function", 0)
    if activation != TANH:
        return "only a tanh cell activation is supported, as in TFLite Micro"
    return None


def params(op, inputs, outputs):
    time_major, batches, steps, input_size, units = _dims(op, inputs)
    fields = {"time_major": int(time_major), "batches": batches, "steps": steps, "input_size": input_size}
    fields.update(units=units, cell_clip=float(op.options.get("cell_clip", 0.0)))
    return NodeParams("mg_unidirectional_sequence_lstm_params", fields)


def scratch_bytes(op, inputs, outputs):
    _, batches, _, _, units = _dims(op, inputs)
    return _scratch.scratch_size("mg_unidirectional_sequence_lstm_scratch_size", batches, units, 4)


def macs(op, inputs, outputs):
    _, batches, steps, input_size, units = _dims(op, inputs)
    return 4 * batches * steps * units * (input_size + units)


SPEC = KernelSpec(
    op="UNIDIRECTIONAL_SEQUENCE_LSTM",
    builtin_code=44,
    versions=(1, 4),
    dtypes=("FLOAT32",),
    sources=(
        "unidirectional_sequence_lstm.h",
        "unidirectional_sequence_lstm.c",
        "unidirectional_sequence_lstm_f32.c",
        "unidirectional_sequence_lstm_scratch_size.c",
        "logistic.h",
        "logistic_f32.c",
        "tanh.h",
        "tanh_f32.c",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_unidirectional_sequence_lstm",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    macs=macs,
)
