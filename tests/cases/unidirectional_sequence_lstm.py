"""Case builders of the unidirectional_sequence_lstm tests that other test modules use too."""

import numpy as np
from op_cases import Batch

from kernel_harness import rand_scale
from modelkit import GraphBuilder


def variable(g: GraphBuilder, shape, dtype, quant=(None, None)) -> int:
    t = g.tensor(shape, dtype, *quant)
    g.graph.tensors[t].isVariable = True
    return t


def pinned_weight_scales(layer_scales, input_scale, hidden_scale) -> list[float]:
    """The eight weight matrices' scales (input then recurrent, per gate) that give the input's and the hidden state's
    gate layers the scales `layer_scales` into Q3.12: a layer's is its input's times its weights' times 2^12."""
    return [layer_scales[0] / (input_scale * 4096)] * 4 + [layer_scales[1] / (hidden_scale * 4096)] * 4


def lstm_inputs(b: Batch, batches, steps, input_size, units, time_major, dtype="float32", x=None, layer_scales=None):
    """The 24 inputs of a standard LSTM (-1 for the variants' tensors), its output shape and quantization; `x`: the
    input (a tensor and its quantization, e.g. another LSTM's output) instead of a new graph input; `layer_scales`:
    the input's and the hidden state's gate layers' scales into Q3.12 (every gate's) instead of random weights'."""
    rng, sequence = b.rng, [steps, batches] if time_major else [batches, steps]
    if dtype == "float32":
        values = lambda r, s: r.uniform(-2, 2, s).astype(np.float32)  # noqa: E731
        x = x[0] if x else b.input([*sequence, input_size], "float32", values=values)
        weights = [b.constant(rng.uniform(-0.8, 0.8, (units, n)), "float32") for n in [input_size] * 4 + [units] * 4]
        biases = [b.constant(rng.uniform(-0.5, 0.5, units), "float32") for _ in range(4)]
        states = [variable(b.g, [batches, units], "float32") for _ in range(2)]
        return (
            [x, *weights[:4], *weights[4:], -1, -1, -1, *biases, -1, -1, *states, *[-1] * 4],
            [*sequence, units],
            None,
        )
    wide = dtype == "int16"  # int16x8: int16 activations, int64 biases
    s_in = rand_scale(rng, 1e-4, 3e-4) if wide else rand_scale(rng, 0.01, 0.05)
    hidden_q = (2.0**-15, 0) if wide else (1 / 128, int(rng.integers(-10, 11)))
    if x:
        x, (s_in, _) = x
    else:
        x = b.input([*sequence, input_size], dtype, (s_in, 0 if wide else int(rng.integers(-20, 21))))
    s_w = [rand_scale(rng, 0.002, 0.008) for _ in range(8)]
    if layer_scales:
        s_w = pinned_weight_scales(layer_scales, s_in, hidden_q[0])
    weights = [
        b.constant(rng.integers(-127, 128, (units, n)), "int8", (s, 0))
        for s, n in zip(s_w, [input_size] * 4 + [units] * 4)
    ]
    bias_limit = int(0.5 / (s_in * min(s_w[:4])))  # biases up to about 0.5 before the sigmoid
    bias_type = "int64" if wide else "int32"
    biases = [b.constant(rng.integers(-bias_limit, bias_limit, units), bias_type, (s_in * s, 0)) for s in s_w[:4]]
    cell_scale = 2.0 ** -int(rng.integers(9, 16)) * float(rng.choice([1.0, rng.uniform(0.7, 1.4)]))
    cell = variable(b.g, [batches, units], "int16", (cell_scale, 0))  # TFLite Micro rounds log2(scale)
    hidden = variable(b.g, [batches, units], dtype, hidden_q)
    return [x, *weights, -1, -1, -1, *biases, -1, -1, hidden, cell, *[-1] * 4], [*sequence, units], hidden_q


def lstm_node(
    b: Batch,
    batches,
    steps,
    input_size,
    units,
    time_major=False,
    cell_clip=0.0,
    dtype="float32",
    x=None,
    layer_scales=None,
):
    """An LSTM writing a graph output; `x` and `layer_scales` as lstm_inputs."""
    inputs, out_shape, out_quant = lstm_inputs(b, batches, steps, input_size, units, time_major, dtype, x, layer_scales)
    out = b.output(out_shape, dtype, out_quant)
    b.node(
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        inputs,
        [out],
        fusedActivationFunction=4,
        cellClip=cell_clip,
        timeMajor=time_major,
    )


def lstm_pair(b: Batch, batches, steps, input_size, units, time_major=False, dtype="float32"):
    """Two LSTM layers, the first's output (not a graph output, so the planner may overlap it with the input it
    replaces) the second's input."""
    inputs, out_shape, out_quant = lstm_inputs(b, batches, steps, input_size, units, time_major, dtype)
    between = b.g.tensor(out_shape, dtype, *(out_quant or (None, None)))
    b.node("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [between], fusedActivationFunction=4, timeMajor=time_major)
    lstm_node(b, batches, steps, units, units, time_major, dtype=dtype, x=(between, out_quant))
