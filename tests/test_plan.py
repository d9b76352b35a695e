"""plan stage: placements are safe (checked), never below the lower bound, and a broken plan is caught."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import MLP_FLOAT_IO, MLP_INT8, SINE_FLOAT
from generator.check import check
from generator.model import read_model
from generator.plan import Buffer, check_placement, lower_bound, place, plan

buffers_strategy = st.lists(
    st.tuples(st.integers(1, 5000), st.integers(-1, 20), st.integers(0, 10)), min_size=1, max_size=40
).map(lambda specs: [Buffer(f"b{i}", size, first, first + span) for i, (size, first, span) in enumerate(specs)])


@settings(max_examples=300, deadline=None)
@given(buffers_strategy)
def test_random_placements_are_safe(buffers):
    arena, _ = place(buffers)
    assert check_placement(buffers, arena) == []
    assert arena >= lower_bound(buffers)
    assert all(b.offset % 4 == 0 for b in buffers)


def test_checker_catches_overlap_and_overflow():
    a, b = Buffer("a", 100, 0, 2), Buffer("b", 100, 1, 3)
    a.offset, b.offset = 0, 50  # live together and overlapping
    assert any("overlap" in p for p in check_placement([a, b], 200))
    b.offset = 150  # leaves a 200-byte arena
    assert any("leaves" in p for p in check_placement([a, b], 200))


def test_model_plans_place_every_activation():
    for path in (SINE_FLOAT, MLP_INT8, MLP_FLOAT_IO):
        p = plan(check(read_model(path.read_bytes())))
        assert check_placement(p.buffers, p.arena_size) == []
        for tensor, offset in zip(p.graph.tensors, p.tensor_offsets):
            assert (offset is None) == (tensor.data is not None)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["RELU", "ADD", "TANH"]), st.integers(1, 64), st.integers(0, 100)),
        min_size=1,
        max_size=12,
    )
)
def test_random_graphs_plan_safely(layers):
    """Random DAGs of elementwise ops (each node reads the previous output and maybe an earlier one)."""
    import modelkit

    g = modelkit.GraphBuilder()
    size = layers[0][1]
    produced = [g.tensor([1, size], "float32")]
    for op_name, _, pick in layers:
        out = g.tensor([1, size], "float32")
        if op_name == "ADD":
            g.op("ADD", [produced[-1], produced[pick % len(produced)]], [out], version=1)
        else:
            g.op(op_name, [produced[-1]], [out])
        produced.append(out)
    p = plan(check(read_model(g.build([produced[0]], [produced[-1]]))))
    assert check_placement(p.buffers, p.arena_size) == []
    assert p.lower_bound <= p.arena_size


def branchy_model() -> bytes:
    """Two branches from one input, each with a large intermediate. In the model's order both large tensors
    are live at once; finishing one branch before starting the other halves the peak."""
    import numpy as np

    import modelkit

    rng = np.random.default_rng(0)
    g = modelkit.GraphBuilder()
    x = g.tensor([1, 8], "float32")

    def dense(inp, n_in, n_out):
        out = g.tensor([1, n_out], "float32")
        w = g.tensor([n_out, n_in], "float32", data=rng.normal(size=(n_out, n_in)) / n_in)
        return out, (inp, w)

    a1, a1_in = dense(x, 8, 256)
    b1, b1_in = dense(x, 8, 256)
    a2, a2_in = dense(a1, 256, 8)
    b2, b2_in = dense(b1, 256, 8)
    out = g.tensor([1, 8], "float32")
    for (inp, w), y in ((a1_in, a1), (b1_in, b1), (a2_in, a2), (b2_in, b2)):  # model order: A1 B1 A2 B2
        g.op("FULLY_CONNECTED", [inp, w, -1], [y], version=1)
    g.op("ADD", [a2, b2], [out], version=1)
    return g.build([x], [out])


def test_execution_order_search_lowers_the_peak():
    p = plan(check(read_model(branchy_model())))
    assert p.order != [0, 1, 2, 3, 4] and p.order.index(2) < p.order.index(1)  # A2 runs before B1
    assert p.arena_size < 2 * 256 * 4  # never two large tensors at once
    assert check_placement(p.buffers, p.arena_size) == []


@pytest.mark.parametrize("qemu", [False, pytest.param(True, marks=pytest.mark.qemu)], ids=["host", "qemu"])
def test_reordered_plan_runs_bit_exact(qemu):
    from kernel_harness import verify_model

    verify_model(branchy_model(), count=3, qemu=qemu)


@settings(max_examples=200, deadline=None)
@given(buffers_strategy)
def test_lower_bound_is_the_peak_live_size(buffers):
    """The sweep equals the definition: the largest sum of sizes live at one step."""
    steps = {b.first for b in buffers} | {b.last for b in buffers}
    assert lower_bound(buffers) == max(sum(b.size for b in buffers if b.first <= s <= b.last) for s in steps)
