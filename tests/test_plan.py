"""plan stage: placements are safe (checked), never below the lower bound, and a broken plan is caught."""
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
@given(st.lists(st.tuples(st.sampled_from(["RELU", "ADD", "TANH"]), st.integers(1, 64), st.integers(0, 100)),
                min_size=1, max_size=12))
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
