"""SVDF: 20 random nodes per type (float32; int8 with int16 or int8 state) in one model each, run as a stream of steps
(the activation state is a variable tensor kept across invokes), against TFLite Micro on the host build; both
types in QEMU on an ARMv7E-M and an ARMv8-M board."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale, verify_model
from modelkit import GraphBuilder

STEPS = 8  # more than the longest memory, so every state column has been written and shifted out


def variable(g: GraphBuilder, shape, dtype, scale=None, zero_point=0) -> int:
    t = g.tensor(shape, dtype, scale, zero_point if scale else None)
    g.graph.tensors[t].isVariable = True
    return t


def svdf_node(b: Batch, dtype, batches, input_size, units, rank, memory, activation=0, state_type="int16"):
    """One SVDF node with its own graph input and output, random weights and scales."""
    rng, g, filters = b.rng, b.g, units * rank
    if dtype == "float32":
        x = b.input([batches, input_size], "float32", values=lambda r, s: r.uniform(-2, 2, s).astype(np.float32))
        wf = b.constant(rng.uniform(-1, 1, (filters, input_size)), "float32")
        wt = b.constant(rng.uniform(-1, 1, (filters, memory)), "float32")
        bias = b.constant(rng.uniform(-1, 1, units), "float32")
        state = variable(g, [batches, filters * memory], "float32")
        out = b.output([batches, units], "float32")
    else:
        s_in, s_wf, s_wt = rand_scale(rng, 0.01, 0.1), rand_scale(rng, 0.002, 0.02), rand_scale(rng, 1e-4, 1e-3)
        state_range = np.log(8) if state_type == "int16" else np.log(2048)  # an int8 state holds 256 steps
        s_state = float(np.float32(s_in * s_wf * np.exp(rng.uniform(state_range - np.log(16), state_range))))
        time_sums = (2e4, 5e5) if state_type == "int16" else (100, 2000)  # time sums per output step
        s_out = float(np.float32(s_state * s_wt * np.exp(rng.uniform(*np.log(time_sums)))))
        x = b.input([batches, input_size], "int8", (s_in, int(rng.integers(-20, 21))))
        wf = b.constant(rng.integers(-127, 128, (filters, input_size)), "int8", (s_wf, 0))
        time_limit = 2000 if state_type == "int16" else 127
        wt = b.constant(rng.integers(-time_limit, time_limit + 1, (filters, memory)), state_type, (s_wt, 0))
        bias_scale = float(np.float32(s_state) * np.float32(s_wt))
        bias_limit = 20 * int(time_sums[0])
        bias = b.constant(rng.integers(-bias_limit, bias_limit, units), "int32", (bias_scale, 0))
        state_zero_point = 0 if state_type == "int16" else int(rng.integers(-10, 11))
        state = variable(g, [batches, filters * memory], state_type, s_state, state_zero_point)
        out = b.output([batches, units], "int8", (s_out, int(rng.integers(-20, 21))))
    b.node(
        "SVDF",
        [x, wf, wt, bias, state],
        [out],
        version=4 if dtype == "int8" else 1,
        rank=rank,
        fusedActivationFunction=activation,
    )


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
