"""UNIDIRECTIONAL_SEQUENCE_LSTM float32: 20 random nodes (batch- or time-major, with or without a cell clip) in
one model, run as a stream of invokes (the hidden and cell states are variable tensors kept across invokes),
against TFLite Micro on the host build; a representative node in QEMU on an ARMv7E-M and an ARMv8-M board."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder

STEPS = 4  # invokes of the stream: the states carry over between them


def variable(g: GraphBuilder, shape, dtype) -> int:
    t = g.tensor(shape, dtype)
    g.graph.tensors[t].isVariable = True
    return t


def lstm_inputs(b: Batch, batches, steps, input_size, units, time_major):
    """The 24 inputs of a standard float LSTM (-1 for the variants' tensors) and its output shape."""
    rng, sequence = b.rng, [steps, batches] if time_major else [batches, steps]
    x = b.input([*sequence, input_size], "float32", values=lambda r, s: r.uniform(-2, 2, s).astype(np.float32))
    weights = [b.constant(rng.uniform(-0.8, 0.8, (units, input_size)), "float32") for _ in range(4)]
    recurrent = [b.constant(rng.uniform(-0.8, 0.8, (units, units)), "float32") for _ in range(4)]
    biases = [b.constant(rng.uniform(-0.5, 0.5, units), "float32") for _ in range(4)]
    states = [variable(b.g, [batches, units], "float32") for _ in range(2)]
    return [x, *weights, *recurrent, -1, -1, -1, *biases, -1, -1, *states, -1, -1, -1, -1], [*sequence, units]


def lstm_node(b: Batch, batches, steps, input_size, units, time_major=False, cell_clip=0.0):
    inputs, out_shape = lstm_inputs(b, batches, steps, input_size, units, time_major)
    out = b.output(out_shape, "float32")
    b.node("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [out], fusedActivationFunction=4, cellClip=cell_clip,
           timeMajor=time_major)


def test_float_random_stream():
    b = Batch(51)
    for _ in range(20):
        dims = [int(b.rng.integers(1, n)) for n in (3, 4, 6, 6)]  # batches, steps, input_size, units
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        lstm_node(b, *dims, time_major=bool(b.rng.integers(0, 2)), cell_clip=clip)
    verify_model(b.build(), sets=b.sets(STEPS))


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_in_qemu(board):
    b = Batch(52)
    lstm_node(b, 2, 3, 4, 5, cell_clip=3.0)
    lstm_node(b, 2, 3, 4, 3, time_major=True)
    verify_model(b.build(), sets=b.sets(3), qemu=True, board=board)


def test_rejects_peepholes():
    b = Batch(53)
    inputs, out_shape = lstm_inputs(b, 1, 2, 3, 4, False)
    inputs[10] = b.constant(np.ones(4), "float32")
    out = b.output(out_shape, "float32")
    b.node("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [out], fusedActivationFunction=4)
    with pytest.raises(CheckError, match=r"LSTM variants are not supported \(input 10, peephole\)"):
        check(read_model(b.build()))
