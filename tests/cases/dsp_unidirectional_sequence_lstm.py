"""Case builders of the dsp_unidirectional_sequence_lstm tests that other test modules use too."""

from op_cases import Batch

from cases.unidirectional_sequence_lstm import pinned_weight_scales, variable
from kernel_harness import rand_scale

STEPS = 3  # invokes of the stream: the states carry over between them


def lstm_node(
    b: Batch, batches, steps, input_size, units, time_major=False, cell_clip=0.0, input_scale=None, layer_scales=None
):
    """An int8 LSTM node whose gate layers requantize with a right shift, none or a left shift of up to 3 (the
    input's and hidden state's scales times the weights' over Q3.12's span 0.02 to 5), unless `input_scale`
    makes the input's larger or `layer_scales` sets the input's and the hidden state's layers' (every gate's; the
    hidden state's scale then 1/128)."""
    rng, sequence = b.rng, [steps, batches] if time_major else [batches, steps]
    s_in = input_scale or rand_scale(rng, 0.004, 0.3)
    x = b.input([*sequence, input_size], "int8", (s_in, int(rng.integers(-128, 128))))
    s_w = [rand_scale(rng, 0.001, 0.004) for _ in range(8)]
    hidden_scale = 1 / 128 if layer_scales else None
    if layer_scales:
        s_w = pinned_weight_scales(layer_scales, s_in, hidden_scale)
    weights = [
        b.constant(rng.integers(-127, 128, (units, n)), "int8", (s, 0))
        for s, n in zip(s_w, [input_size] * 4 + [units] * 4)
    ]
    bias_limit = int(1.0 / (s_in * min(s_w[:4])))  # biases up to about 1 before the sigmoid
    biases = [b.constant(rng.integers(-bias_limit, bias_limit, units), "int32", (s_in * s, 0)) for s in s_w[:4]]
    cell_scale = 2.0 ** -int(rng.integers(9, 16)) * float(rng.choice([1.0, rng.uniform(0.7, 1.4)]))
    cell = variable(b.g, [batches, units], "int16", (cell_scale, 0))
    hidden_q = (hidden_scale or rand_scale(rng, 1 / 200, 1 / 8), int(rng.integers(-20, 21)))
    hidden = variable(b.g, [batches, units], "int8", hidden_q)
    out = b.output([*sequence, units], "int8", hidden_q)
    inputs = [x, *weights, -1, -1, -1, *biases, -1, -1, hidden, cell, *[-1] * 4]
    b.node(
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        inputs,
        [out],
        fusedActivationFunction=4,
        cellClip=cell_clip,
        timeMajor=time_major,
    )
