"""UNIDIRECTIONAL_SEQUENCE_LSTM float32, int8 and int16x8 (int16 cell state): 20 random nodes per type (batch- or
time-major, with or without a cell clip) in one model each, run as a stream of invokes (the hidden and cell states
are variable tensors kept across invokes), against TFLite Micro on the host build; a representative node of each
type in QEMU on an ARMv7E-M and an ARMv8-M board."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

STEPS = 4  # invokes of the stream: the states carry over between them


def variable(g: GraphBuilder, shape, dtype, quant=(None, None)) -> int:
    t = g.tensor(shape, dtype, *quant)
    g.graph.tensors[t].isVariable = True
    return t


def lstm_inputs(b: Batch, batches, steps, input_size, units, time_major, dtype="float32"):
    """The 24 inputs of a standard LSTM (-1 for the variants' tensors), its output shape and quantization."""
    rng, sequence = b.rng, [steps, batches] if time_major else [batches, steps]
    if dtype == "float32":
        x = b.input([*sequence, input_size], "float32", values=lambda r, s: r.uniform(-2, 2, s).astype(np.float32))
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
    x = b.input([*sequence, input_size], dtype, (s_in, 0 if wide else int(rng.integers(-20, 21))))
    s_w = [rand_scale(rng, 0.002, 0.008) for _ in range(8)]
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


def lstm_node(b: Batch, batches, steps, input_size, units, time_major=False, cell_clip=0.0, dtype="float32"):
    inputs, out_shape, out_quant = lstm_inputs(b, batches, steps, input_size, units, time_major, dtype)
    out = b.output(out_shape, dtype, out_quant)
    b.node(
        "UNIDIRECTIONAL_SEQUENCE_LSTM",
        inputs,
        [out],
        fusedActivationFunction=4,
        cellClip=cell_clip,
        timeMajor=time_major,
    )


@pytest.mark.parametrize("dtype", ["float32", "int8", "int16"])
def test_random_stream(dtype):
    b = Batch(51 + ["float32", "int8", "int16"].index(dtype))
    for _ in range(20):
        dims = [int(b.rng.integers(1, n)) for n in (3, 4, 6, 6)]  # batches, steps, input_size, units
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        lstm_node(b, *dims, time_major=bool(b.rng.integers(0, 2)), cell_clip=clip, dtype=dtype)
    verify_model(b.build(), sets=b.sets(STEPS))


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_in_qemu(board):
    b = Batch(52)
    lstm_node(b, 2, 3, 4, 5, cell_clip=3.0)
    lstm_node(b, 2, 3, 4, 3, time_major=True)
    lstm_node(b, 2, 3, 4, 5, cell_clip=3.0, dtype="int8")
    lstm_node(b, 2, 3, 4, 5, time_major=True, cell_clip=3.0, dtype="int16")
    verify_model(b.build(), sets=b.sets(3), qemu=True, board=board)


def test_rejects_peepholes():
    b = Batch(53)
    inputs, out_shape, _ = lstm_inputs(b, 1, 2, 3, 4, False)
    inputs[10] = b.constant(np.ones(4), "float32")
    out = b.output(out_shape, "float32")
    b.node("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [out], fusedActivationFunction=4)
    with pytest.raises(CheckError, match=r"LSTM variants are not supported \(input 10, peephole\)"):
        check(read_model(b.build()))
