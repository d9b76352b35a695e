"""UNIDIRECTIONAL_SEQUENCE_LSTM int8 in the mve backend (Cortex-M55 Helium) against TFLite Micro in QEMU on
mps3-an547, every node asserted to be on the mve kernel, one firmware per test: random nodes (batch- or
time-major, 1-3 batches, input sizes and unit counts around the 16-tap vectors and 4-unit groups, input and
hidden zero points, cell scales, gate layers with right, no or left shifts, with or without a cell clip) as a
stream of invokes; an MNIST-shaped LSTM (28 steps of 28 inputs, 20 units) and an input scale whose gate layers
shift far left (the dsp kernel leaves those to the reference; this one takes them)."""

import numpy as np
import pytest
from op_cases import Batch

from cases.dsp_unidirectional_sequence_lstm import STEPS, lstm_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["mve", "reference"]
BOARD = "mps3-an547"


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


@pytest.mark.qemu
def test_random_stream():
    b = Batch(80)
    for _ in range(12):
        batches, steps = int(b.rng.integers(1, 4)), int(b.rng.integers(1, 6))
        input_size, units = int(b.rng.integers(1, 41)), int(b.rng.integers(1, 26))
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        lstm_node(b, batches, steps, input_size, units, bool(b.rng.integers(0, 2)), clip)
    model = b.build()
    assert set(backends_of(model)) == {"mve"}
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS, qemu=True, board=BOARD)


@pytest.mark.qemu
def test_mnist_shaped_and_left_shifted():
    b = Batch(81)
    lstm_node(b, 1, 28, 28, 20)
    lstm_node(b, 2, 3, 33, 17, time_major=True, cell_clip=0.5)
    lstm_node(b, 1, 3, 8, 6, input_scale=64.0)
    model = b.build()
    assert backends_of(model) == ["mve"] * 3
    results = verify_model(model, sets=b.sets(STEPS), backends=BACKENDS, qemu=True, board=BOARD)
    outputs = [np.asarray(s.outputs[0]) for s in results]
    assert any(not np.array_equal(outputs[0], o) for o in outputs[1:])
