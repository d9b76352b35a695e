"""A Keras LSTM converted by TensorFlow's converter (scripts/make_fixtures.py, TF 2.21 with tf-keras): the layer
becomes one UNIDIRECTIONAL_SEQUENCE_LSTM (the Keras 2 layer; Keras 3 converts to a WHILE loop) whose hidden and
cell states are variable tensors, so the model is stateful and verified as a stream of steps. keras_lstm_float
(float32) and keras_lstm_int8 (int8 I/O, int16 cell state): every step's outputs match TFLite Micro in QEMU, the
int8 one on the Cortex-M4's dsp kernel and the Cortex-M55's mve kernel."""

import numpy as np
import pytest

from conftest import FIXTURES
from generator.boards import load_board
from generator.catalog.backends import choose_backends
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

NAMES = ["keras_lstm_float", "keras_lstm_int8"]
M4, M55 = "mps2-an386", "mps3-an547"


@pytest.mark.parametrize("name", NAMES)
def test_fixture_is_one_fused_stateful_lstm(name):
    graph = read_model((FIXTURES / f"{name}.tflite").read_bytes())
    assert [op.op_name for op in graph.operators] == ["UNIDIRECTIONAL_SEQUENCE_LSTM"]
    assert graph.is_stateful


@pytest.mark.qemu
@pytest.mark.parametrize(
    ("name", "board"), [("keras_lstm_float", M4), ("keras_lstm_int8", M4), ("keras_lstm_int8", M55)]
)
def test_keras_lstm_matches_over_a_stream_in_qemu(name, board):
    model = (FIXTURES / f"{name}.tflite").read_bytes()
    backends = choose_backends("auto", load_board(board).cpu)
    results = verify_model(model, count=6, seed=4, qemu=True, board=board, backends=backends)
    outputs = [np.asarray(s.outputs[0]) for s in results]
    assert any(not np.array_equal(outputs[0], o) for o in outputs[1:])


@pytest.mark.parametrize(("board", "backend"), [(M4, "dsp"), (M55, "mve")])
def test_int8_lstm_takes_the_backend_kernel(board, backend):
    graph = read_model((FIXTURES / "keras_lstm_int8.tflite").read_bytes())
    backends = choose_backends("auto", load_board(board).cpu)
    assert [k.backend for k in check(graph, backends=backends).kernels] == [backend]


def test_doctor_names_the_variable_tensors(cli):
    result = cli("doctor", FIXTURES / "keras_lstm_int8.tflite")
    assert result.returncode == 0, result.stdout
    for phrase in ("2 variable tensor(s) keep state between invokes", "(8 B INT8)", "(16 B INT16)", "one stream"):
        assert phrase in result.stdout
