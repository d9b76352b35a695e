"""UNIDIRECTIONAL_SEQUENCE_LSTM (TFLite Micro's unidirectional_sequence_lstm.cc, lstm_eval.h): float32, int8 and
int16x8 (int16 activations, int8 weights, int64 biases), both with an int16 cell state (lstm_eval_common.cc's
PrepareGateParametersInteger: every gate's fully connected layers into Q3.12, the inter-gate products'
multipliers); the standard LSTM of TFLite Micro (all four gates, no peepholes, projection or layer norm, tanh cell
activation). The hidden and cell states (inputs 18 and 19) must be variable tensors: the planner keeps them for
the whole run, the kernel's prepare clears them, and a model holding one is stateful (docs/streaming.md)."""

from __future__ import annotations

import math

import numpy as np

from ... import quant
from ...spec import KernelSpec, NodeParams
from ..common import _overlap, _scratch

INPUT_WEIGHTS, RECURRENT_WEIGHTS, BIASES, HIDDEN, CELL = range(1, 5), range(5, 9), range(12, 16), 18, 19
VARIANTS = {9: "peephole", 10: "peephole", 11: "peephole", 16: "projection", 17: "projection"}
VARIANTS.update({i: "layer norm" for i in range(20, 24)})
TANH = 4
GATE_SCALE = 2.0**-12  # the fully connected layers' output: Q3.12, the int16 sigmoid's and tanh's input
ACTIVATION_SCALE = 2.0**-15  # the gates after their sigmoid or tanh: Q0.15
INTEGER_TYPES = {  # by the input's type: int8, or int16x8 (int16 activations, int8 weights)
    "INT8": {"activations": "INT8", "weights": "INT8", "biases": "INT32", "cell state": "INT16"},
    "INT16": {"activations": "INT16", "weights": "INT8", "biases": "INT64", "cell state": "INT16"},
}


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


def _groups(inputs, outputs):
    return {
        "activations": [inputs[0], inputs[HIDDEN], outputs[0]],
        "weights": [inputs[i] for i in [*INPUT_WEIGHTS, *RECURRENT_WEIGHTS]],
        "biases": [inputs[i] for i in BIASES],
        "cell state": [inputs[CELL]],
    }


def _integer_problem(inputs, outputs):
    groups, kind = _groups(inputs, outputs), inputs[0].dtype.name
    for name, tensors in groups.items():
        if any(t.dtype.name != INTEGER_TYPES[kind][name] for t in tensors):
            return f"an {kind.lower()} LSTM needs {INTEGER_TYPES[kind][name].lower()} {name}"
    quantized = [*groups["activations"], *groups["weights"], inputs[CELL]]
    if any(t.quant is None or len(t.quant.scale) != 1 for t in quantized):
        return "an integer LSTM needs per-tensor quantized activations, weights and cell state"
    if any(quant.zero_point_of(t) != 0 for t in [*groups["weights"], inputs[CELL]]):
        return "an integer LSTM needs symmetric weights and cell state (zero point 0)"
    return None


def validate(op, inputs, outputs):
    problem = _tensor_problem(op, inputs, outputs) or _shape_problem(op, inputs, outputs)
    if problem:
        return problem
    if op.options.get("fused_activation_function", 0) != TANH:
        return "only a tanh cell activation is supported, as in TFLite Micro"
    if inputs[0].dtype.name in INTEGER_TYPES:
        return _integer_problem(inputs, outputs)
    types = sorted({t.dtype.name for t in [*inputs, *outputs] if t is not None})
    if types != ["FLOAT32"]:
        return f"tensor types {types} are not supported (float32, int8 or int16x8, with an int16 cell state)"
    return None


def _product_multiplier(scale_1, scale_2, scale_out):
    """The product of two scales over the output's, in double (CreateInterGateMulParams; the gate layers too)."""
    return quant.quantize_multiplier(float(scale_1) * float(scale_2) / float(scale_out))


def _cell_tanh_step(cell_scale):
    """lstm_internal::Tanh's input step for the cell state: 2^(15 + log2(cell_scale) - 3), the power-of-two case
    of reference_integer_ops::Tanh (multiplier 3 << shift) or, below 1, multiplier 3 and a right shift."""
    left_shift = 15 + round(math.log2(float(cell_scale))) - 3
    return (3, -left_shift) if left_shift < 0 else (3 << left_shift, 0)


def _integer_fields(op, inputs, outputs):
    inp, hidden, cell = inputs[0], inputs[HIDDEN], inputs[CELL]
    pairs = []
    for weights, recurrent in zip(INPUT_WEIGHTS, RECURRENT_WEIGHTS):
        for source, w in ((inp, inputs[weights]), (hidden, inputs[recurrent])):
            # in double, as the tflite-micro package makes a gate layer's (its FULLY_CONNECTED's is the float32
            # product, widened: an accumulator whose scaled value lies within float32's error of a rounding step
            # tells them apart, test_gate_layers_requantize_as_tflite_micro)
            pairs.append(_product_multiplier(quant.scale_of(source), quant.scale_of(w), GATE_SCALE))
    cell_scale, clip = quant.scale_of(cell), float(np.float32(op.options.get("cell_clip", 0.0)))
    forget, input_gate = (_product_multiplier(ACTIVATION_SCALE, s, cell_scale) for s in (cell_scale, ACTIVATION_SCALE))
    hidden_pair = _product_multiplier(ACTIVATION_SCALE, ACTIVATION_SCALE, quant.scale_of(hidden))
    tanh_multiplier, tanh_shift = _cell_tanh_step(cell_scale)
    return {
        "activation_bytes": 2 if inp.dtype.name == "INT16" else 1,
        "input_zero_point": quant.zero_point_of(inp),
        "hidden_zero_point": quant.zero_point_of(hidden),
        "fc_multipliers": [m for m, _ in pairs],
        "fc_shifts": [s for _, s in pairs],
        "forget_multiplier": forget[0],
        "forget_shift": forget[1],
        "input_multiplier": input_gate[0],
        "input_shift": input_gate[1],
        "hidden_multiplier": hidden_pair[0],
        "hidden_shift": hidden_pair[1],
        "cell_clip_q": int(min(max(clip / float(cell_scale), -32768.0), 32767.0)),
        "cell_tanh_multiplier": tanh_multiplier,
        "cell_tanh_shift": tanh_shift,
    }


def params(op, inputs, outputs):
    time_major, batches, steps, input_size, units = _dims(op, inputs)
    fields = {"time_major": int(time_major), "batches": batches, "steps": steps, "input_size": input_size}
    fields.update(units=units, cell_clip=float(op.options.get("cell_clip", 0.0)))
    if inputs[0].dtype.name in INTEGER_TYPES:
        fields.update(_integer_fields(op, inputs, outputs))
    return NodeParams("mg_unidirectional_sequence_lstm_params", fields)


def scratch_bytes(op, inputs, outputs):
    _, batches, _, _, units = _dims(op, inputs)
    cell_bytes = 2 if inputs[0].dtype.name in INTEGER_TYPES else 4
    return _scratch.scratch_size("mg_unidirectional_sequence_lstm_scratch_size", batches, units, cell_bytes)


def overlap(op, inputs, outputs) -> int:
    """Every kernel runs the steps in the input's order (MG_LSTM_SEQUENCE: a step's rows, batch-major one row),
    reading all of a step's input rows (every gate) before it writes the step's output rows: element order over
    steps, so an output no wider than the input may start on it."""
    time_major, batches, steps, input_size, units = _dims(op, inputs)
    rows = batches if time_major else 1
    step_in, step_out = rows * input_size * inputs[0].dtype.size, rows * units * outputs[0].dtype.size
    return _overlap.elementwise(batches * steps // rows, step_in, step_out)


def macs(op, inputs, outputs):
    _, batches, steps, input_size, units = _dims(op, inputs)
    return 4 * batches * steps * units * (input_size + units)


def backend_hooks() -> dict:
    """What every backend's kernel shares with the reference: the MAC count and the order of steps
    (MG_LSTM_SEQUENCE), so the overlap."""
    return {"macs": macs, "overlap": overlap}


SPEC = KernelSpec(
    op="UNIDIRECTIONAL_SEQUENCE_LSTM",
    builtin_code=44,
    versions=(1, 4),
    dtypes=("FLOAT32", "INT8", "INT16"),
    sources=(
        "unidirectional_sequence_lstm.h",
        "unidirectional_sequence_lstm.c",
        "unidirectional_sequence_lstm_f32.c",
        "unidirectional_sequence_lstm_s8.c",
        "unidirectional_sequence_lstm_scratch_size.c",
        "logistic.h",
        "logistic_f32.c",
        "logistic_s16.c",
        "tanh.h",
        "tanh_f32.c",
        "tanh_s16.c",
        "mg_sigmoid_table.h",
        "mg_sigmoid_table.c",
        "mg_fixedpoint.h",
    ),
    registration="mg_register_unidirectional_sequence_lstm",
    validate=validate,
    params=params,
    scratch_bytes=scratch_bytes,
    macs=macs,
    overlap=overlap,
)
