"""Streaming models built with modelkit: per-layer ring buffers in resource variables, zeroed by an init
subgraph run through CALL_ONCE, the way TensorFlow's streaming conversion builds keyword spotters.

Each step consumes FRAMES new 40-bin feature frames. Layer k reads its history (the last KERNEL_ROWS - 1 rows
before this step), concatenates the new rows, convolves the window (3x3, VALID) and stores the window's last rows
back. A mean over the time and frequency axes feeds a dense layer: its logits are an extra model output (so a
comparison is never trivial) beside the uint8 probabilities (softmax, then QUANTIZE int8 -> uint8).
"""

from __future__ import annotations

import numpy as np

from modelkit import GraphBuilder

BINS = 40
FRAMES = 2  # new frames per step
KERNEL_ROWS = 3
HISTORY = KERNEL_ROWS - 1
CHANNELS = (1, 6, 8)  # the input's channels, then each conv layer's
CLASSES = 4
INIT_SUBGRAPH = 1


def _weights(rng, shape, scale_in, out_scale):
    w = rng.integers(-127, 128, size=shape, dtype=np.int8)
    w_scale = rng.uniform(0.002, 0.02, size=shape[0])
    bias = rng.integers(-2000, 2000, size=shape[0]).astype(np.int32)
    return w, w_scale, bias, [scale_in * s for s in w_scale]


def stream_int8(seed: int = 0, stateless: bool = False) -> bytes:
    """The int8 streaming conv net (uint8 probabilities and int8 logits out). `stateless`: the same ops but with
    the ring buffers as extra model inputs and outputs, in one subgraph (the code size baseline)."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    extra_inputs, extra_outputs = [], []
    scale, zp = 0.05, -3  # the frames' and every layer's activations share one quantization per layer
    frame = g.tensor([1, FRAMES, BINS, 1], "int8", scale, zp, name="frame")
    x, width, act_scale, act_zp = frame, BINS, scale, zp
    histories = []
    for layer, (c_in, c_out) in enumerate(zip(CHANNELS, CHANNELS[1:])):
        history = g.tensor([1, HISTORY, width, c_in], "int8", act_scale, act_zp, name=f"history{layer}")
        if stateless:
            extra_inputs.append(history)
        else:
            handle = g.tensor([], "resource", name=f"handle{layer}")
            g.op("VAR_HANDLE", [], [handle], container="", sharedName=f"ring{layer}")
            g.op("READ_VARIABLE", [handle], [history])
        window = g.tensor([1, HISTORY + FRAMES, width, c_in], "int8", act_scale, act_zp, name=f"window{layer}")
        g.op("CONCATENATION", [history, x], [window], axis=1)
        kept = g.tensor([1, HISTORY, width, c_in], "int8", act_scale, act_zp, name=f"kept{layer}")
        begin = g.tensor([4], "int32", data=[0, FRAMES, 0, 0])
        end = g.tensor([4], "int32", data=[1, HISTORY + FRAMES, width, c_in])
        strides = g.tensor([4], "int32", data=[1, 1, 1, 1])
        g.op("STRIDED_SLICE", [window, begin, end, strides], [kept])
        if stateless:
            extra_outputs.append(kept)
        else:
            g.op("ASSIGN_VARIABLE", [handle, kept], [])
        w, w_scale, bias, bias_scale = _weights(rng, (c_out, KERNEL_ROWS, 3, c_in), act_scale, None)
        wt = g.tensor(w.shape, "int8", w_scale, [0] * c_out, data=w, axis=0)
        bt = g.tensor([c_out], "int32", bias_scale, [0] * c_out, data=bias)
        out_scale, out_zp = 0.08 + 0.02 * layer, -128
        width -= 2
        y = g.tensor([1, FRAMES, width, c_out], "int8", out_scale, out_zp, name=f"conv{layer}")
        g.op("CONV_2D", [window, wt, bt], [y], padding=1, strideW=1, strideH=1, fusedActivationFunction=1)
        histories.append(([1, HISTORY, width + 2, c_in], act_scale, act_zp))
        x, act_scale, act_zp = y, out_scale, out_zp
    axes = g.tensor([2], "int32", data=[1, 2])
    pooled = g.tensor([1, CHANNELS[-1]], "int8", act_scale, act_zp, name="pooled")
    g.op("MEAN", [x, axes], [pooled], keepDims=False)
    w = rng.integers(-127, 128, size=(CLASSES, CHANNELS[-1]), dtype=np.int8)
    wt = g.tensor(w.shape, "int8", 0.002, 0, data=w)
    bt = g.tensor([CLASSES], "int32", act_scale * 0.002, 0, data=rng.integers(-500, 500, size=CLASSES))
    logits = g.tensor([1, CLASSES], "int8", 0.1, 2, name="logits")
    g.op("FULLY_CONNECTED", [pooled, wt, bt], [logits])
    probs = g.tensor([1, CLASSES], "int8", 1 / 256, -128, name="probs_int8")
    g.op("SOFTMAX", [logits], [probs], beta=1.0)
    probs_u8 = g.tensor([1, CLASSES], "uint8", 1 / 256, 0, name="probs")
    g.op("QUANTIZE", [probs], [probs_u8])
    if stateless:
        return g.build([frame, *extra_inputs], [probs_u8, logits, *extra_outputs])
    # CALL_ONCE runs first: the init subgraph fills every ring buffer with its zero point.
    g.graph.operators.insert(0, g.graph.operators.pop(g.op("CALL_ONCE", [], [], initSubgraphIndex=INIT_SUBGRAPH)))
    assert g.next_subgraph([frame], [probs_u8, logits]) == INIT_SUBGRAPH
    for layer, (shape, s, z) in enumerate(histories):
        handle = g.tensor([], "resource", name=f"init_handle{layer}")
        g.op("VAR_HANDLE", [], [handle], container="", sharedName=f"ring{layer}")
        zeros = g.tensor(shape, "int8", s, z, data=np.full(shape, z, dtype=np.int8), name=f"zeros{layer}")
        g.op("ASSIGN_VARIABLE", [handle, zeros], [])
    return g.build([], [])


def order_test_stream(inputs: list, seed: int = 1) -> tuple[list, list[tuple[int, int]]]:
    """The inputs, then the same inputs in a shuffled order: one stream whose second half repeats every step's
    input after another history. Returns the stream and the (first, second) step pairs fed the same input."""
    order = np.random.default_rng(seed).permutation(len(inputs))
    stream = list(inputs) + [inputs[i] for i in order]
    return stream, [(int(i), len(inputs) + k) for k, i in enumerate(order) if i != k]


if __name__ == "__main__":  # refreshes the checked-in fixture
    from pathlib import Path

    (Path(__file__).parent / "fixtures" / "stream_int8.tflite").write_bytes(stream_int8())


def delay_line(types=("int16", "int32", "float32", "int8")) -> bytes:
    """Per type, a variable that outputs the previous step's input: READ_VARIABLE to the output, then
    ASSIGN_VARIABLE of the input. The init subgraph assigns non-zero first values (1, 2, 3, ...), which the
    first step outputs."""
    g = GraphBuilder()
    inputs, outputs, shapes = [], [], []
    g.op("CALL_ONCE", [], [], initSubgraphIndex=1)
    for k, dtype in enumerate(types):
        shape = [k + 2, 3]
        handle = g.tensor([], "resource")
        g.op("VAR_HANDLE", [], [handle], container="", sharedName=f"delay_{dtype}")
        previous = g.tensor(shape, dtype, name=f"previous_{dtype}")
        g.op("READ_VARIABLE", [handle], [previous])
        value = g.tensor(shape, dtype, name=f"value_{dtype}")
        g.op("ASSIGN_VARIABLE", [handle, value], [])
        inputs.append(value)
        outputs.append(previous)
        shapes.append(shape)
    g.next_subgraph(inputs, outputs)
    for dtype, shape in zip(types, shapes):
        handle = g.tensor([], "resource")
        g.op("VAR_HANDLE", [], [handle], sharedName=f"delay_{dtype}")  # no container: matches any
        first = g.tensor(shape, dtype, data=np.arange(1, 1 + np.prod(shape)).reshape(shape))
        g.op("ASSIGN_VARIABLE", [handle, first], [])
    return g.build([], [])
