"""SVDF: 20 random nodes per type (float32; int8 with int16 or int8 state) in one model each, run as a stream of steps
(the activation state is a variable tensor kept across invokes), against TFLite Micro on the host build; both
types in QEMU on an ARMv7E-M and an ARMv8-M board."""

import numpy as np
import pytest
from op_cases import Batch

from cases.svdf import STEPS, svdf_node, variable
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


def random_node(b: Batch, dtype, state_type):
    rng = b.rng
    dims = [int(rng.integers(1, n)) for n in (3, 9, 5, 3, 6)]  # batches, input_size, units, rank, memory
    if dtype == "float32":
        svdf_node(b, dtype, *dims, activation=int(rng.integers(0, 4)))
    else:
        svdf_node(b, dtype, *dims, state_type=state_type)


@pytest.mark.parametrize(("dtype", "state_type"), [("float32", "float32"), ("int8", "int16"), ("int8", "int8")])
def test_random_stream(dtype, state_type):
    b = Batch(33 + ["float32", "int16", "int8"].index(state_type))
    for _ in range(20):
        random_node(b, dtype, state_type)
    verify_model(b.build(), sets=b.sets(STEPS))


def test_a_model_with_a_variable_tensor_is_stateful():
    b = Batch(3)
    svdf_node(b, "float32", 1, 3, 2, 1, 4)
    assert read_model(b.build()).is_stateful


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps3-an547"])
def test_in_qemu(board):
    b = Batch(41)
    svdf_node(b, "float32", 2, 6, 3, 2, 4, activation=1)
    svdf_node(b, "int8", 2, 6, 3, 2, 4)
    svdf_node(b, "int8", 2, 6, 3, 2, 4, state_type="int8")
    verify_model(b.build(), sets=b.sets(6), qemu=True, board=board)


def test_rejects_mixed_state_types():
    g = GraphBuilder()
    x, out = g.tensor([1, 4], "int8", 0.05, 0), g.tensor([1, 2], "int8", 0.1, 0)
    wf = g.tensor([2, 4], "int8", 0.01, 0, data=np.ones((2, 4)))
    wt = g.tensor([2, 3], "int8", 0.01, 0, data=np.ones((2, 3)))
    bias = g.tensor([2], "int32", 0.0001, 0, data=np.zeros(2))
    state = variable(g, [1, 6], "int16", 0.01)
    g.op("SVDF", [x, wf, wt, bias, state], [out], version=2, rank=1)
    with pytest.raises(CheckError, match=r"time weights and state of one type .* not \['INT8', 'INT8', 'INT16'"):
        check(read_model(g.build([x], [out])))


def test_rejects_an_omitted_bias():
    g = GraphBuilder()
    x, out = g.tensor([1, 4], "float32"), g.tensor([1, 2], "float32")
    wf = g.tensor([2, 4], "float32", data=np.ones((2, 4)))
    wt = g.tensor([2, 3], "float32", data=np.ones((2, 3)))
    state = variable(g, [1, 6], "float32")
    g.op("SVDF", [x, wf, wt, -1, state], [out], rank=1)
    with pytest.raises(CheckError, match="needs a bias"):
        check(read_model(g.build([x], [out])))
