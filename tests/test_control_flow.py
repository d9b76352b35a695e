"""IF and WHILE: subgraphs invoked by index, tensors copied between the node and the subgraphs, the loop body
reusing its own part of the arena every iteration; against TFLite Micro on the host build and in QEMU. Also a
Keras 3 LSTM that TensorFlow's converter writes as a WHILE loop (tests/fixtures/lstm_while_float.tflite:
RESHAPE, WHILE over the time steps with FULLY_CONNECTED, LOGISTIC, TANH, MUL, ADD (float32 and the int32 step
counter), SPLIT, GATHER, LESS, LOGICAL_AND in its condition and body subgraphs, STRIDED_SLICE)."""

import numpy as np
import pytest

import modelkit
from conftest import FIXTURES
from generator.check import check
from generator.errors import McugenError
from generator.model import read_model
from generator.plan import plan
from kernel_harness import verify_model

LIMIT = 5.0


def if_then_while(reshaping_body: bool = False) -> bytes:
    """y = IF(cond, x) (then: x + x, else: x * x); (n, z) = WHILE(i, y): while n < 5: n += 1, z *= 1.5.
    Outputs y, n and z (the loop runs 0 to many times, depending on i). `reshaping_body`: the body returns z as
    2x2, a shape that changes from one iteration to the next."""
    g = modelkit.GraphBuilder()
    cond, x, i = g.tensor([1], "bool", name="cond"), g.tensor([4], "float32", name="x"), g.tensor([1], "float32")
    y, n, z = g.tensor([4], "float32", name="y"), g.tensor([1], "float32", name="n"), g.tensor([4], "float32")
    g.op("IF", [cond, x], [y], thenSubgraphIndex=1, elseSubgraphIndex=2)
    g.op("WHILE", [i, y], [n, z], condSubgraphIndex=3, bodySubgraphIndex=4)
    g.next_subgraph([cond, x, i], [y, n, z])
    for op in ("ADD", "MUL"):  # the branches
        a, b = g.tensor([4], "float32"), g.tensor([4], "float32")
        g.op(op, [a, a], [b])
        g.next_subgraph([a], [b])
    ci, cz, c = g.tensor([1], "float32"), g.tensor([4], "float32"), g.tensor([1], "bool")
    g.op("LESS", [ci, g.tensor([1], "float32", data=[LIMIT])], [c])
    g.next_subgraph([ci, cz], [c])
    bi, bz = g.tensor([1], "float32"), g.tensor([4], "float32")
    bi2, bz2 = g.tensor([1], "float32"), g.tensor([4], "float32")
    g.op("ADD", [bi, g.tensor([1], "float32", data=[1.0])], [bi2])
    g.op("MUL", [bz, g.tensor([4], "float32", data=[1.5] * 4)], [bz2])
    if reshaping_body:
        square = g.tensor([2, 2], "float32")
        g.op("RESHAPE", [bz2], [square], newShape=[2, 2])
        bz2 = square
    return g.build([bi, bz], [bi2, bz2])


STARTS = [0.0, 2.0, 4.5, 5.0, 7.0, -1.0]  # the loop runs 5, 3, 1, 0, 0 and 6 times


def control_sets(count: int = len(STARTS)) -> list:
    rng = np.random.default_rng(4)
    return [
        [np.array([k % 2 == 0]), rng.uniform(-3, 3, size=4).astype(np.float32), np.array([STARTS[k % 6]], np.float32)]
        for k in range(count)
    ]


def test_if_and_while_match_tflite_micro():
    results = verify_model(if_then_while(), sets=control_sets())
    assert [float(r.outputs[1][0]) for r in results] == [5.0, 5.0, 5.5, 5.0, 7.0, 5.0]  # the loop ran 0-6 times


def test_every_subgraph_has_its_own_part_of_the_arena():
    the_plan = plan(check(read_model(if_then_while())))
    spans = [
        (min(o for o in sub.tensor_offsets if o is not None), max(o for o in sub.tensor_offsets if o is not None))
        for sub in the_plan.subgraphs
    ]
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))


def test_a_while_body_that_changes_a_shape_is_rejected():
    with pytest.raises(McugenError) as err:
        check(read_model(if_then_while(reshaping_body=True)))
    assert "node 1 (WHILE): output 1 is [4] FLOAT32 but the subgraph's is [2, 2] FLOAT32" in str(err.value)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_if_and_while_in_qemu(board):
    verify_model(if_then_while(), sets=control_sets(50), qemu=True, board=board)


LSTM_WHILE = FIXTURES / "lstm_while_float.tflite"


def test_converter_made_while_lstm_matches_tflite_micro():
    model = LSTM_WHILE.read_bytes()
    assert "WHILE" in {op.op_name for op in read_model(model).operators}
    verify_model(model, count=20, seed=3)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_converter_made_while_lstm_in_qemu(board):
    verify_model(LSTM_WHILE.read_bytes(), count=50, seed=3, qemu=True, board=board)
