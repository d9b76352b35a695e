"""Views (docs/kernels.md, "Views"): data-movement nodes whose result is a run of another tensor's bytes cost no
arena and no copy. Each batch holds many random nodes of one op, some laid out as a view and some not; numpy index
arithmetic (not the planner) says which are runs and where, the plan must agree, never be larger than without
views, and the outputs must match TFLite Micro bit for bit."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from op_cases import Batch, random_quant

from generator.check import check
from generator.model import read_model
from generator.plan import check_placement, plan
from kernel_harness import verify_model
from modelkit import GraphBuilder

ALIGNMENT = 4  # the planner's promise to kernels: every tensor word-aligned
SIZES = {"int8": 1, "int16": 2, "int32": 4, "uint32": 4, "float32": 4, "int64": 8}


def _run_start(positions) -> int | None:
    """The first of `positions` (element indices, in output order) when they are one run, else None."""
    flat = np.asarray(positions).reshape(-1)
    return int(flat[0]) if flat.size and np.all(np.diff(flat) == 1) else None


def _shape(rng, max_rank=4) -> list[int]:
    """A random shape, often with leading 1s (the layouts where a part is one run)."""
    shape = [int(d) for d in rng.integers(1, 6, size=int(rng.integers(1, max_rank + 1)))]
    ones = int(rng.integers(0, len(shape)))
    return [1] * ones + shape[ones:] if rng.integers(0, 2) else shape


def _pair(b, shape, out_shapes, dtype):
    """A graph input and graph outputs with one quantization (the view ops move bytes)."""
    quant = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
    return b.input(shape, dtype, quant), [b.output(s, dtype, quant) for s in out_shapes]


def _expect(parts, whole, starts, dtype):
    """Every part a view of `whole` when each is one run at a word-aligned byte offset, else none of them."""
    offsets = [None if s is None else s * SIZES[dtype] for s in starts]
    if any(o is None or o % ALIGNMENT for o in offsets):
        return [(p, None, None) for p in parts]
    return [(p, whole, o) for p, o in zip(parts, offsets)]


def slice_node(b, dtype):
    shape = _shape(b.rng)
    begins = [int(b.rng.integers(0, d)) for d in shape]
    sizes = [int(b.rng.integers(1, d - bg + 1)) for d, bg in zip(shape, begins)]
    if b.rng.integers(0, 4) == 0:  # the whole tensor
        begins, sizes = [0] * len(shape), list(shape)
    x, (y,) = _pair(b, shape, [sizes], dtype)
    box = tuple(slice(bg, bg + s) for bg, s in zip(begins, sizes))
    b.node(
        "SLICE",
        [x, b.constant(np.array(begins, np.int32), "int32"), b.constant(np.array(sizes, np.int32), "int32")],
        [y],
    )
    return _expect([y], x, [_run_start(np.arange(np.prod(shape)).reshape(shape)[box])], dtype)


def strided_slice_node(b, dtype):
    shape = _shape(b.rng)
    begins = [int(b.rng.integers(0, d)) for d in shape]
    ends = [int(b.rng.integers(bg + 1, d + 1)) for d, bg in zip(shape, begins)]
    strides = [int(b.rng.choice([1, 1, 2])) for _ in shape]
    box = tuple(slice(bg, e, s) for bg, e, s in zip(begins, ends, strides))
    picked = np.arange(np.prod(shape)).reshape(shape)[box]
    x, (y,) = _pair(b, shape, [list(picked.shape)], dtype)
    consts = [b.constant(np.array(v, np.int32), "int32") for v in (begins, ends, strides)]
    b.node("STRIDED_SLICE", [x, *consts], [y])
    return _expect([y], x, [_run_start(picked)], dtype)


def split_node(b, dtype, variable_sizes: bool):
    shape = _shape(b.rng)
    axis = int(b.rng.integers(0, len(shape)))
    if variable_sizes:
        sizes = [int(s) for s in b.rng.integers(1, 4, size=int(b.rng.integers(1, 4)))]
    else:
        sizes = [int(b.rng.integers(1, 4))] * int(b.rng.integers(1, 4))
    shape[axis] = sum(sizes)
    pieces = np.split(np.arange(np.prod(shape)).reshape(shape), np.cumsum(sizes)[:-1], axis=axis)
    x, ys = _pair(b, shape, [list(p.shape) for p in pieces], dtype)
    axis_t = b.constant(np.array([axis], np.int32), "int32")
    if variable_sizes:
        b.node("SPLIT_V", [x, b.constant(np.array(sizes, np.int32), "int32"), axis_t], ys, numSplits=len(sizes))
    else:
        b.node("SPLIT", [axis_t, x], ys, numSplits=len(sizes))
    return _expect(ys, x, [_run_start(p) for p in pieces], dtype)


def unpack_node(b, dtype):
    shape = _shape(b.rng)
    axis = int(b.rng.integers(0, len(shape)))
    index = np.arange(np.prod(shape)).reshape(shape)
    pieces = [np.take(index, i, axis=axis) for i in range(shape[axis])]
    x, ys = _pair(b, shape, [list(p.shape) for p in pieces], dtype)
    b.node("UNPACK", [x], ys, num=shape[axis], axis=axis)
    return _expect(ys, x, [_run_start(p) for p in pieces], dtype)


def joined_node(b, dtype, op_name):
    """CONCATENATION or PACK of inputs that nodes make (a one-input CONCATENATION copies a graph input)."""
    out_shape = _shape(b.rng)
    if op_name == "PACK" and len(out_shape) < 2:  # the producers copy tensors of at least one axis
        out_shape.insert(0, 1)
    axis = int(b.rng.integers(0, len(out_shape)))
    if op_name == "PACK":
        count = int(b.rng.integers(1, 4))
        out_shape[axis] = count
        index = np.arange(np.prod(out_shape)).reshape(out_shape)
        pieces = [np.take(index, i, axis=axis) for i in range(count)]
    else:
        sizes = [int(s) for s in b.rng.integers(1, 4, size=int(b.rng.integers(1, 4)))]
        out_shape[axis] = sum(sizes)
        index = np.arange(np.prod(out_shape)).reshape(out_shape)
        pieces = np.split(index, np.cumsum(sizes)[:-1], axis=axis)
    quant = random_quant(b.rng, dtype) if dtype in ("int8", "int16") else None
    made = []
    for p in pieces:
        made.append(b.g.tensor(list(p.shape), dtype, *(quant or (None, None))))
        b.node("CONCATENATION", [b.input(list(p.shape), dtype, quant)], [made[-1]], axis=0)
    out = b.output(out_shape, dtype, quant)
    if op_name == "PACK":
        b.node("PACK", made, [out], valuesCount=len(made), axis=axis)
    else:
        b.node("CONCATENATION", made, [out], axis=axis)
    starts = [_run_start(p) for p in pieces]
    return [
        (m, out if s is not None and s * SIZES[dtype] % ALIGNMENT == 0 else None, s and s * SIZES[dtype])
        for m, s in zip(made, starts)
    ]


def gather_node(b, dtype):
    """Constant positions along an axis: a consecutive run now and then, else random ones."""
    shape = _shape(b.rng)
    axis = int(b.rng.integers(0, len(shape)))
    count = int(b.rng.integers(1, shape[axis] + 1))
    first = int(b.rng.integers(0, shape[axis] - count + 1))
    run = b.rng.integers(0, 2)
    picked = list(range(first, first + count)) if run else [int(v) for v in b.rng.integers(0, shape[axis], count)]
    gathered = np.take(np.arange(np.prod(shape)).reshape(shape), picked, axis=axis)
    x, (y,) = _pair(b, shape, [list(gathered.shape)], dtype)
    b.node("GATHER", [x, b.constant(np.array(picked, np.int32), "int32")], [y], axis=axis)
    return _expect([y], x, [_run_start(gathered)], dtype)


def transpose_node(b, dtype):
    shape = _shape(b.rng)
    perm = [int(p) for p in b.rng.permutation(len(shape))]
    moved = np.arange(np.prod(shape)).reshape(shape).transpose(perm)
    x, (y,) = _pair(b, shape, [list(moved.shape)], dtype)
    b.node("TRANSPOSE", [x, b.constant(np.array(perm, np.int32), "int32")], [y])
    return _expect([y], x, [0 if np.array_equal(moved.reshape(-1), np.arange(moved.size)) else None], dtype)


def broadcast_to_node(b, dtype):
    shape = _shape(b.rng, max_rank=3)
    out_shape = [int(d) if d != 1 or b.rng.integers(0, 3) else int(b.rng.integers(2, 4)) for d in shape]
    out_shape = [1] * int(b.rng.integers(0, 3)) + out_shape
    x, (y,) = _pair(b, shape, [out_shape], dtype)
    b.node("BROADCAST_TO", [x, b.constant(np.array(out_shape, np.int32), "int32")], [y], version=2)
    return _expect([y], x, [0 if np.prod(out_shape) == np.prod(shape) else None], dtype)


def cast_node(b, dtype):
    out_dtype = str(b.rng.choice([dtype, "int32", "uint32", "float32", "int8"]))
    shape = _shape(b.rng)
    x = b.input(shape, dtype)
    y = b.output(shape, out_dtype)
    b.node("CAST", [x], [y])
    if dtype == out_dtype or {dtype, out_dtype} == {"int32", "uint32"}:
        return [(y, x, 0)]
    return []  # converts: its own buffer, or in place when the input dies here (not a view)


def _check_views(model: bytes, expected) -> int:
    """The plan agrees with the expected views, is safe, and is no larger than without views; returns how many
    expected views it took. A view of all the whole's bytes is always taken, unless the plan without views won;
    one of a part may be declined (it keeps the whole live as long as the part, see the planner) but, when
    taken, sits at the expected offset."""
    checked = check(read_model(model))
    with_views, without = plan(checked), plan(checked, views=False)
    for p in (with_views, without):
        assert check_placement(p.buffers, p.arena_size) == []
    assert with_views.arena_size <= without.arena_size
    fell_back = with_views.shared == without.shared  # the plan without views of a part was no larger
    offsets, tensors, taken = with_views.tensor_offsets, checked.graph.tensors, 0
    for part, whole, at in expected:
        if whole is None:
            assert part not in with_views.shared, f"tensor {part} is not a run at an aligned offset"
            continue
        if tensors[part].nbytes == tensors[whole].nbytes and at == 0 and not fell_back or part in with_views.shared:
            assert with_views.shared.get(part) == whole, f"tensor {part} should be a view of tensor {whole}"
            assert offsets[part] - offsets[whole] == at
            taken += 1
    return taken


BUILDERS = {
    "SLICE": (slice_node, ["float32", "int8", "int16", "int32"]),
    "STRIDED_SLICE": (strided_slice_node, ["float32", "int8", "int16", "int32"]),
    "SPLIT": (lambda b, t: split_node(b, t, False), ["float32", "int8", "int16"]),
    "SPLIT_V": (lambda b, t: split_node(b, t, True), ["float32", "int8", "int32"]),
    "UNPACK": (unpack_node, ["float32", "int8", "int16", "int32"]),
    "CONCATENATION": (lambda b, t: joined_node(b, t, "CONCATENATION"), ["float32", "int8", "int16", "int64"]),
    "PACK": (lambda b, t: joined_node(b, t, "PACK"), ["float32", "int8", "int32"]),
    "GATHER": (gather_node, ["float32", "int8"]),
    "TRANSPOSE": (transpose_node, ["float32", "int8", "int16"]),
    "BROADCAST_TO": (broadcast_to_node, ["float32", "int8", "int32"]),
    "CAST": (cast_node, ["int32", "uint32", "int8"]),
}


def batch(op_name: str, seed: int, cases: int) -> tuple[Batch, list]:
    make, dtypes = BUILDERS[op_name]
    b, expected = Batch(seed), []
    for i in range(cases):
        expected += make(b, dtypes[i % len(dtypes)])
    return b, expected


@pytest.mark.parametrize("op_name", sorted(BUILDERS))
def test_random_views_bit_exact(op_name):
    # seeds whose plan keeps the views (on some batches the placement heuristics happen to pack the plan without
    # views tighter, and the planner keeps that one: _check_views still checks it)
    b, expected = batch(op_name, {"CONCATENATION": 1, "TRANSPOSE": 2}.get(op_name, 0), 24)
    model = b.build()
    views = [part for part, whole, _ in expected if whole is not None]
    assert 2 * _check_views(model, expected) >= len(views) > 0
    assert op_name == "CAST" or any(whole is None for _, whole, _ in expected), "no case needs the copy"
    verify_model(model, sets=b.sets())


# --- chains where a view saves arena: a part of a large tensor read once, or branches joined -------------------


def _dense(b, x, n_in, n_out, rows=1):
    """A float FULLY_CONNECTED node from `x` ([rows, n_in]) to a new [rows, n_out] tensor."""
    w = b.constant((b.rng.normal(size=(n_out, n_in)) / n_in).astype(np.float32), "float32")
    y = b.g.tensor([rows, n_out], "float32")
    b.node("FULLY_CONNECTED", [x, w, -1], [y])
    return y


def slice_chain(b):
    """The first rows of a large input, then a layer: the rows are a view, not a copy beside the input."""
    x = b.input([16, 32], "float32")
    rows = b.g.tensor([8, 32], "float32")
    begin, size = (b.constant(np.array(v, np.int32), "int32") for v in ([0, 0], [8, 32]))
    b.node("SLICE", [x, begin, size], [rows])
    y = _dense(b, rows, 32, 4, rows=8)
    b.outputs.append(y)
    return [(rows, x, 0)]


def split_chain(b):
    """A layer's output split in two, one layer each: the halves are views of it."""
    x = b.input([1, 8], "float32")
    both = _dense(b, x, 8, 512)
    halves = b.g.tensor([2, 256], "float32")
    b.node("RESHAPE", [both], [halves], newShape=[2, 256])
    parts = [b.g.tensor([1, 256], "float32") for _ in range(2)]
    b.node("SPLIT", [b.constant(np.array([0], np.int32), "int32"), halves], parts, numSplits=2)
    outs = [_dense(b, p, 256, 4) for p in parts]
    b.outputs.extend(outs)
    return [(parts[0], halves, 0), (parts[1], halves, 1024)]


def concat_chain(b):
    """Two branches joined: each branch writes its part of the output in place."""
    x = b.input([1, 8], "float32")
    branches = [_dense(b, x, 8, 256) for _ in range(2)]
    joined = b.g.tensor([2, 256], "float32")
    b.node("CONCATENATION", branches, [joined], axis=0)
    b.outputs.append(_dense(b, joined, 256, 4, rows=2))
    return [(branches[0], joined, 0), (branches[1], joined, 1024)]


CHAINS = {"slice": slice_chain, "split": split_chain, "concat": concat_chain}


@pytest.mark.parametrize("name", sorted(CHAINS))
def test_chain_saves_arena(name):
    b = Batch(1)
    expected = CHAINS[name](b)
    checked = check(read_model(b.build()))
    with_views, without = plan(checked), plan(checked, views=False)
    assert check_placement(with_views.buffers, with_views.arena_size) == []
    assert with_views.arena_size < without.arena_size
    for part, whole, at in expected:
        assert with_views.shared[part] == whole
        assert with_views.tensor_offsets[part] - with_views.tensor_offsets[whole] == at


def test_chains_bit_exact():
    b = Batch(2)
    for chain in CHAINS.values():
        chain(b)
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    """One firmware: the chains and a few random nodes of every view op, viewed and copied."""
    b = Batch(3)
    for chain in CHAINS.values():
        chain(b)
    for make, dtypes in BUILDERS.values():
        for dtype in dtypes[:2]:
            make(b, dtype)
    verify_model(b.build(), sets=b.sets(2), qemu=True)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(["RELU", "SLICE", "SPLIT", "CONCATENATION"]), st.integers(0, 99)), max_size=14)
)
def test_random_graphs_plan_views_safely(layers):
    """Random graphs of rows [n, 8] (float32): every tensor lies inside its storage group's buffer, the buffers
    are placed safely, and the views never make the arena larger."""
    g = GraphBuilder()
    made = [g.tensor([4, 8], "float32")]
    rows = {made[0]: 4}
    for op_name, pick in layers:
        src = made[pick % len(made)]
        n = rows[src]
        if op_name == "SLICE" and n > 1:
            begin, size = pick % n, 1 + pick % (n - pick % n)
            outs = [g.tensor([size, 8], "float32")]
            consts = [g.tensor([2], "int32", data=v) for v in ([begin, 0], [size, 8])]
            g.op("SLICE", [src, *consts], outs)
        elif op_name == "SPLIT" and n % 2 == 0:
            outs = [g.tensor([n // 2, 8], "float32") for _ in range(2)]
            g.op("SPLIT", [g.tensor([1], "int32", data=[0]), src], outs, numSplits=2)
        elif op_name == "CONCATENATION":
            other = made[(pick // 7) % len(made)]
            outs = [g.tensor([n + rows[other], 8], "float32")]
            g.op("CONCATENATION", [src, other], outs, axis=0)
        else:
            outs = [g.tensor([n, 8], "float32")]
            g.op("RELU", [src], outs)
        for t in outs:
            rows[t] = g.graph.tensors[t].shape[0]
        made.extend(outs)
    checked = check(read_model(g.build([made[0]], [made[-1]])))
    p = plan(checked)
    assert check_placement(p.buffers, p.arena_size) == []
    assert p.arena_size <= plan(checked, views=False).arena_size
    for t, offset in enumerate(p.tensor_offsets):
        if offset is not None and t in p.tensor_buffers:
            buf = p.tensor_buffers[t]
            assert buf.offset <= offset and offset + checked.graph.tensors[t].nbytes <= buf.offset + buf.size


def test_no_in_place_over_a_view_the_node_reads():
    """ADD(x, first row of x) broadcast: writing the sum over x would overwrite the row before its last read."""
    g = GraphBuilder()
    x, y = g.tensor([2, 4], "float32"), g.tensor([2, 4], "float32")
    rows = [g.tensor([1, 4], "float32") for _ in range(2)]
    g.op("SPLIT", [g.tensor([1], "int32", data=[0]), x], rows, numSplits=2)
    g.op("ADD", [x, rows[0]], [y], version=1)
    model = g.build([x], [y])
    p = plan(check(read_model(model)))
    assert p.shared.get(rows[0]) == x and y not in p.shared
    verify_model(model, count=2)
