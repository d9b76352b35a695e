"""Case builders of the svdf tests that other test modules use too."""

import numpy as np
from op_cases import Batch

from kernel_harness import rand_scale
from modelkit import GraphBuilder

STEPS = 8  # more than the longest memory, so every state column has been written and shifted out


def variable(g: GraphBuilder, shape, dtype, scale=None, zero_point=0) -> int:
    t = g.tensor(shape, dtype, scale, zero_point if scale else None)
    g.graph.tensors[t].isVariable = True
    return t


def svdf_node(
    b: Batch,
    dtype,
    batches,
    input_size,
    units,
    rank,
    memory,
    activation=0,
    state_type="int16",
    feature_gain=1.0,
    bias_limit=None,
):
    """One SVDF node with its own graph input and output, random weights and scales; `feature_gain` divides the
    state's scale (4096: feature sums requantized with a left shift of about 12, mostly saturating the state);
    `bias_limit` bounds the int8 node's biases (2^31: any int32, as in TFLite Micro's scrambled keyword model, whose
    output sums reach beyond 2^29)."""
    rng, g, filters = b.rng, b.g, units * rank
    if dtype == "float32":
        x = b.input([batches, input_size], "float32", values=lambda r, s: r.uniform(-2, 2, s).astype(np.float32))
        wf = b.constant(rng.uniform(-1, 1, (filters, input_size)), "float32")
        wt = b.constant(rng.uniform(-1, 1, (filters, memory)), "float32")
        bias = b.constant(rng.uniform(-1, 1, units), "float32")
        state = variable(g, [batches, filters * memory], "float32")
        out = b.output([batches, units], "float32")
    else:
        s_in, s_wf, s_wt = rand_scale(rng, 0.01, 0.1), rand_scale(rng, 0.002, 0.02), rand_scale(rng, 1e-4, 1e-3)
        state_range = np.log(8) if state_type == "int16" else np.log(2048)  # an int8 state holds 256 steps
        spread = np.exp(rng.uniform(state_range - np.log(16), state_range))
        s_state = float(np.float32(s_in * s_wf * spread / feature_gain))
        time_sums = (2e4, 5e5) if state_type == "int16" else (100, 2000)  # time sums per output step
        s_out = float(np.float32(s_state * s_wt * np.exp(rng.uniform(*np.log(time_sums)))))
        x = b.input([batches, input_size], "int8", (s_in, int(rng.integers(-20, 21))))
        wf = b.constant(rng.integers(-127, 128, (filters, input_size)), "int8", (s_wf, 0))
        time_limit = 2000 if state_type == "int16" else 127
        wt = b.constant(rng.integers(-time_limit, time_limit + 1, (filters, memory)), state_type, (s_wt, 0))
        bias_scale = float(np.float32(s_state) * np.float32(s_wt))
        bias_limit = bias_limit or 20 * int(time_sums[0])
        bias = b.constant(rng.integers(-bias_limit, bias_limit, units), "int32", (bias_scale, 0))
        state_zero_point = 0 if state_type == "int16" else int(rng.integers(-10, 11))
        state = variable(g, [batches, filters * memory], state_type, s_state, state_zero_point)
        out = b.output([batches, units], "int8", (s_out, int(rng.integers(-20, 21))))
    b.node(
        "SVDF",
        [x, wf, wt, bias, state],
        [out],
        version=4 if dtype == "int8" else 1,
        rank=rank,
        fusedActivationFunction=activation,
    )
