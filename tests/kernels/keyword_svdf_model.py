"""A model shaped like TFLite Micro's keyword benchmark (models/keyword_scrambled.tflite and its _8bit twin in the
tflite-micro repository: SVDF layers with int16, or int8, state between small FULLY_CONNECTED layers, then a
SOFTMAX), built here with fixed-seed random weights and scales of the same orders: an int8 input of 96 features,
four SVDF layers of 64 filters over 8 steps (rank 1) each followed by a 16-unit FULLY_CONNECTED (the last of
them 16 too), three SVDF layers of 32 filters over 32 steps, a 2-unit FULLY_CONNECTED and an int8 to int16
SOFTMAX. (The original's first QUANTIZE, int16 to int8, and last, int16 to int32, are left out.)"""

from __future__ import annotations

import numpy as np
from op_cases import Batch

from modelkit import GraphBuilder

# (filters, memory) of each SVDF layer, and the FULLY_CONNECTED units after it (0: none)
LAYERS = [(64, 8, 16), (64, 8, 16), (64, 8, 16), (64, 8, 16), (32, 32, 0), (32, 32, 0), (32, 32, 2)]
INPUT_SIZE = 96


def _variable(g: GraphBuilder, shape, dtype, scale, zero_point) -> int:
    t = g.tensor(shape, dtype, scale, zero_point)
    g.graph.tensors[t].isVariable = True
    return t


def svdf_layer(b: Batch, x: int, s_x: float, size: int, filters: int, memory: int, state_type: str):
    """One rank-1 SVDF with a fused RELU (which TFLite Micro's integer path ignores) and its int8 output (zero point
    -128, as the original's). Scales of the original's orders, the weights' chosen so that the state holds
    feature sums of about a third (int16) or a tenth (int8) of their spread and the outputs about 60 steps;
    returns (output tensor, its scale)."""
    rng, g = b.rng, b.g
    s_out = float(rng.uniform(0.04, 0.24))
    if state_type == "int16":
        s_state, state_zero_point, spread = float(rng.uniform(5e-4, 4.5e-3)), 0, 3.0
        time_limit, time_sum = 2000, 3000.0 * np.sqrt(memory) * 2000
    else:
        s_state, state_zero_point, spread = float(rng.uniform(0.1, 0.8)), int(rng.integers(-50, 40)), 10.0
        time_limit, time_sum = 127, 40.0 * np.sqrt(memory) * 127
    s_wf = float(np.float32(s_state / (spread * np.sqrt(size) * s_x)))
    s_wt = float(np.float32(60 * s_out / (time_sum * s_state)))
    wf = b.constant(rng.integers(-127, 128, (filters, size)), "int8", (s_wf, 0))
    wt = b.constant(rng.integers(-time_limit, time_limit + 1, (filters, memory)), state_type, (s_wt, 0))
    bias_scale = float(np.float32(s_state) * np.float32(s_wt))
    bias = b.constant(rng.integers(-int(time_sum), int(time_sum), filters), "int32", (bias_scale, 0))
    state = _variable(g, [1, filters * memory], state_type, s_state, state_zero_point)
    out = b.output([1, filters], "int8", (s_out, -128))
    b.node("SVDF", [x, wf, wt, bias, state], [out], version=4, rank=1, fusedActivationFunction=1)
    return out, s_out


def fully_connected_layer(b: Batch, x: int, s_x: float, size: int, units: int):
    """Outputs of about 60 steps (the last layer's, the logits, about 3)."""
    rng = b.rng
    s_out = float(rng.uniform(0.08, 0.43))
    s_w = float(np.float32(s_out * (60 if units > 2 else 3) / (s_x * 127 * 64 * np.sqrt(size))))
    w = b.constant(rng.integers(-127, 128, (units, size)), "int8", (s_w, 0))
    bias = b.constant(rng.integers(-3000, 3000, units), "int32", (float(np.float32(s_x) * np.float32(s_w)), 0))
    zero_point = int(rng.integers(-13, 3))
    out = b.output([1, units], "int8", (s_out, zero_point))
    b.node("FULLY_CONNECTED", [x, w, bias], [out], version=4)
    return out, s_out


def keyword_model(state_type: str = "int16", seed: int = 28) -> Batch:
    """The whole model as a Batch (build() gives its bytes, sets(n) n steps of its input stream)."""
    b = Batch(seed)
    s_x = 0.0592
    x = b.input([1, INPUT_SIZE], "int8", (s_x, -128))
    size = INPUT_SIZE
    for filters, memory, units in LAYERS:
        x, s_x = svdf_layer(b, x, s_x, size, filters, memory, state_type)
        size = filters
        if units:
            x, s_x = fully_connected_layer(b, x, s_x, size, units)
            size = units
    out = b.output([1, 2], "int16", (1.0 / 65536, -32768))
    b.node("SOFTMAX", [x], [out], version=2, beta=1.0)
    return b
