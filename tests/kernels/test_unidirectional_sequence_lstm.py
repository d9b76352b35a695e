"""UNIDIRECTIONAL_SEQUENCE_LSTM float32, int8 and int16x8 (int16 cell state): 20 random nodes per type (batch- or
time-major, with or without a cell clip) in one model each, run as a stream of invokes (the hidden and cell states
are variable tensors kept across invokes), against TFLite Micro on the host build; a representative node of each
type in QEMU on an ARMv7E-M and an ARMv8-M board; gate layers at scales that tell the multipliers' products apart."""

import numpy as np
import pytest
from op_cases import Batch

from cases.unidirectional_sequence_lstm import lstm_inputs, lstm_node
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model

STEPS = 4  # invokes of the stream: the states carry over between them


@pytest.mark.parametrize("dtype", ["float32", "int8", "int16"])
def test_random_stream(dtype):
    b = Batch(51 + ["float32", "int8", "int16"].index(dtype))
    for _ in range(20):
        dims = [int(b.rng.integers(1, n)) for n in (3, 4, 6, 6)]  # batches, steps, input_size, units
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        lstm_node(b, *dims, time_major=bool(b.rng.integers(0, 2)), cell_clip=clip, dtype=dtype)
    verify_model(b.build(), sets=b.sets(STEPS))


@pytest.mark.parametrize("dtype", ["int8", "int16"])
def test_gate_layers_requantize_as_tflite_micro(dtype):
    """A gate layer's multiplier is the double product of its input's and weights' scales over Q3.12's (the
    tflite-micro package's; the float32 product, FULLY_CONNECTED's, differs in its last bits): layers whose scale is
    0.7, 0.1 or 1.5 (set through the weights' scale) put many accumulators' scaled values within float32's error of
    a rounding step, where the two products round apart (int8; int16x8 rounds the multiplier to 16 bits, which
    mostly hides the difference, from the same product)."""
    b = Batch(55 + ["int8", "int16"].index(dtype))
    for scales in [(0.7, 0.7), (0.7, 0.1), (0.1, 0.7), (1.5, 1.5)]:
        for _ in range(2):
            lstm_node(b, 1, 24, 16, 32, dtype=dtype, layer_scales=scales)
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
