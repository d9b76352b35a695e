"""UNIDIRECTIONAL_SEQUENCE_LSTM int8 in the dsp backend, with its widened weights and with the model's int8 ones (the
generator's choice by size; their rows in blocks of four where a matrix has a whole block): random nodes (batch- or
time-major, 1-3 batches, input sizes and unit counts around the kernel's 4-tap and 4-row blocks, input and hidden
zero points, cell scales, gate layers with right, no or left shifts, with or without a cell clip) run as a stream of
invokes against TFLite Micro on the host build, every node asserted to be on the dsp backend; an MNIST-shaped LSTM
(28 steps of 28 inputs, 20 units, as TFLite Micro's mnist_lstm example) in QEMU on the Cortex-M4 and the Cortex-M33.
A node whose gate multiplier needs too large a left shift falls back to the reference. int16x8 (int16 activations,
int64 biases): random nodes on the host, an MNIST-shaped one in QEMU on the Cortex-M4; without room for its widened
weights it stays with the reference."""

import numpy as np
import pytest
from op_cases import Batch

from cases.dsp_unidirectional_sequence_lstm import STEPS, lstm_node
from cases.unidirectional_sequence_lstm import lstm_node as family_node
from generator.boards import load_board
from generator.catalog.ops.unidirectional_sequence_lstm import dsp_unidirectional_sequence_lstm as dsp_lstm
from generator.check import check
from generator.emit.render import render_all
from generator.model import read_model
from generator.plan import plan
from kernel_harness import verify_model

BACKENDS = ["dsp", "reference"]


def backends_of(model: bytes) -> list[str]:
    return [k.backend for k in check(read_model(model), backends=BACKENDS).kernels]


def node_fields(model: bytes) -> list[dict]:
    return [node.params.fields for node in plan(check(read_model(model), backends=BACKENDS)).nodes]


def blocked_matrices(model: bytes) -> int:
    """How many gate matrices the kernel reads with their rows in blocks of four (laid out over the model's)."""
    return sum(
        str(value) != "NULL"
        for fields in node_fields(model)
        for name, value in fields.items()
        if name.startswith(("input_rows.", "hidden_rows."))
    )


def widened(model: bytes) -> list[set[str]]:
    """Per node, the layers the kernel reads widened."""
    return [{name for name in ("input_widened", "hidden_widened") if name in fields} for fields in node_fields(model)]


# The kernel's matmuls: its widened copy of both layers; the model's int8 weights (no room for any copy); or, with
# room for one layer's copy, that one widened and the other's int8 weights (a node whose larger layer fits widens it).
LIMITS = {"widened": dsp_lstm.WIDENED_LIMIT_BYTES, "int8": 0, "mixed": 4000}


@pytest.fixture(params=list(LIMITS))
def weights(request, monkeypatch):
    monkeypatch.setattr(dsp_lstm, "WIDENED_LIMIT_BYTES", LIMITS[request.param])
    return request.param


@pytest.mark.parametrize("seed", range(3))
def test_random_stream(seed, weights):
    b = Batch(70 + seed)
    for _ in range(12):
        batches, steps = int(b.rng.integers(1, 4)), int(b.rng.integers(1, 6))
        input_size, units = int(b.rng.integers(1, 41)), int(b.rng.integers(1, 26))
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        lstm_node(b, batches, steps, input_size, units, bool(b.rng.integers(0, 2)), clip)
    model = b.build()
    assert set(backends_of(model)) == {"dsp"}
    assert (blocked_matrices(model) > 0) == (weights != "widened")
    counts = {len(layers) for layers in widened(model)}
    assert counts == {"widened": {2}, "int8": {0}}.get(weights, counts) and (weights != "mixed" or 1 in counts)
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS)


def test_a_shared_weight_buffer_stays_a_static_array(monkeypatch):
    """A gate matrix whose buffer a FULLY_CONNECTED also reads cannot be laid out over the model's: its blocks become
    a static array (named after the nested member) and the other matrices still go in place; both nodes exact."""
    monkeypatch.setattr(dsp_lstm, "WIDENED_LIMIT_BYTES", 0)
    b = Batch(79)
    lstm_node(b, 1, 2, 16, 8)
    forget_weights = b.g.graph.operators[-1].inputs[2]  # [8, 16] int8
    x = b.input([1, 16], "int8", (0.05, 3))
    bias = b.constant(np.arange(8) * 100, "int32", (0.05 * 0.002, 0))
    y = b.output([1, 8], "int8", (0.5, -4))
    b.node("FULLY_CONNECTED", [x, forget_weights, bias], [y], version=4)
    model = b.build()
    the_plan = plan(check(read_model(model), backends=BACKENDS))
    placed = {p.field for p in the_plan.in_place}
    assert "input_rows.forget_gate" not in placed and {"input_rows.input_gate", "hidden_rows.cell_gate"} <= placed
    texts = render_all(the_plan, load_board("mps2-an386"), "lstm", the_plan.kernels)
    assert "mg_node0_input_rows_forget_gate[" in texts["src/node_params.c"]
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS)


def test_int16x8_random_stream():
    """int16x8 nodes (int16 activations, int64 biases): the widened weights in the input's pair order, the int64
    requantization; sizes around the 4-tap and 4-row blocks."""
    b = Batch(76)
    for _ in range(12):
        batches, steps = int(b.rng.integers(1, 4)), int(b.rng.integers(1, 6))
        input_size, units = int(b.rng.integers(1, 41)), int(b.rng.integers(1, 26))
        clip = float(b.rng.choice([0.0, 0.5, 3.0]))
        family_node(b, batches, steps, input_size, units, bool(b.rng.integers(0, 2)), clip, dtype="int16")
    model = b.build()
    assert set(backends_of(model)) == {"dsp"}
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS)


def test_int16x8_too_large_for_the_widened_copy_falls_back(monkeypatch):
    """The int16x8 kernel has no int8-weights path: without room for the widened copy the reference takes it."""
    monkeypatch.setattr(dsp_lstm, "WIDENED_LIMIT_BYTES", 0)
    b = Batch(77)
    family_node(b, 1, 2, 5, 3, dtype="int16")
    assert backends_of(b.build()) == ["reference"]


def test_large_left_shift_falls_back():
    """A left shift of 8 or more: the weights scaled by 2^(shift + 1) no longer fit int16."""
    b = Batch(74)
    lstm_node(b, 1, 3, 8, 6, input_scale=64.0)
    model = b.build()
    assert backends_of(model) == ["reference"]
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])
def test_mnist_shaped_in_qemu(board, weights):
    b = Batch(75)
    lstm_node(b, 1, 28, 28, 20)
    lstm_node(b, 2, 3, 13, 7, time_major=True, cell_clip=0.5)
    lstm_node(b, 1, 3, 3, 4)  # one tap quad per layer: the widened loop's odd quad alone
    lstm_node(b, 1, 2, 9, 34)  # a second block of units, of two: no whole block of four rows in it
    model = b.build()
    assert set(backends_of(model)) == {"dsp"}
    # the int8 weights: every gate matrix in blocks (the last taps after them) but the second node's recurrent ones
    # (7 columns: no block of eight) and the third node's; mixed: the first node's recurrent layer widened (3,200 B;
    # its input layer's 4,480 B is not), the next two nodes' both (1,536 and 256 B), the last node's input layer
    # (3,456 B; its recurrent layer's 10,368 B is not)
    both = {"input_widened", "hidden_widened"}
    expected = {
        "widened": (0, [both] * 4),
        "int8": (20, [set()] * 4),
        "mixed": (8, [{"hidden_widened"}, both, both, {"input_widened"}]),
    }[weights]
    assert (blocked_matrices(model), widened(model)) == expected
    results = verify_model(model, sets=b.sets(STEPS), backends=BACKENDS, qemu=True, board=board)
    outputs = [np.asarray(s.outputs[0]) for s in results]
    assert any(not np.array_equal(outputs[0], o) for o in outputs[1:])


def gate_forms(model: bytes) -> set[tuple[bool, bool, bool]]:
    """Per gate of every node, whether it is the cell gate (tanh) and whether its input's and its hidden state's
    layer requantize with a right shift (the gate table's sign masks: unidirectional_sequence_lstm_s8_dsp.c's layer
    words)."""
    forms = set()
    for fields in node_fields(model):
        table, words = fields["backend_table"], 10 + 2 * (-(-fields["units"] // 4) * 4)
        for g in range(4):
            forms.add((g == 2, table[g * words + 3] != 0, table[g * words + 8] != 0))
    return forms


@pytest.mark.qemu
def test_every_gate_form_in_qemu():
    """The device's gates run one assembly loop per activation (sigmoid, or tanh for the cell gate) and pair of
    layer forms (a right shift or none): one node per pair, its layers' scales 0.1 (a right shift) or 0.7 (none),
    on the Cortex-M4. A gate one off moves an int8 output only now and then: 24 steps of 32 units each."""
    b = Batch(82)
    forms = [(False, False), (False, True), (True, False), (True, True)]
    for form in forms:
        lstm_node(b, 1, 24, 16, 32, layer_scales=[0.1 if shifted else 0.7 for shifted in form])
    model = b.build()
    assert gate_forms(model) == {(cell, *form) for cell in (False, True) for form in forms}
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS, qemu=True, board="mps2-an386")


@pytest.mark.qemu
def test_int16x8_in_qemu():
    b = Batch(78)
    family_node(b, 1, 28, 28, 20, dtype="int16")
    family_node(b, 2, 3, 13, 7, time_major=True, cell_clip=0.5, dtype="int16")
    family_node(b, 1, 3, 3, 4, dtype="int16")
    model = b.build()
    assert set(backends_of(model)) == {"dsp"}
    verify_model(model, sets=b.sets(STEPS), backends=BACKENDS, qemu=True, board="mps2-an386")
