"""Hostile and malformed models: one McugenError naming the problem, never a crash or a hang."""
import numpy as np
import pytest

import modelkit
from conftest import MLP_INT8
from generator.errors import McugenError
from generator.model import read_model


def chain(n_ops=2):
    g = modelkit.GraphBuilder()
    ts = [g.tensor([1, 4], "float32") for _ in range(n_ops + 1)]
    for i in range(n_ops):
        g.op("RELU", [ts[i]], [ts[i + 1]])
    return g, ts


def test_cycle_is_rejected():
    g, ts = chain(2)
    g.graph.operators[0].inputs = [ts[2]]  # node 0 reads what node 1 writes
    with pytest.raises(McugenError, match=r"node 0 \(RELU\) reads tensor 2 .* node 1 writes it later"):
        read_model(g.build([ts[0]], [ts[2]]))


def test_dangling_tensor_is_rejected():
    g, ts = chain(1)
    extra = g.tensor([1, 4], "float32")
    g.graph.operators[0].inputs = [extra]
    with pytest.raises(McugenError, match="nothing writes it"):
        read_model(g.build([ts[0]], [ts[1]]))


def test_tensor_written_twice_is_rejected():
    g, ts = chain(2)
    g.graph.operators[1].outputs = [ts[1]]
    with pytest.raises(McugenError, match="is written by node 1 and by node 0"):
        read_model(g.build([ts[0]], [ts[1]]))


def test_dynamic_shape_is_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs[0].tensors[model.subgraphs[0].inputs[0]].shapeSignature = [1, -1]
    with pytest.raises(McugenError, match="dynamic shape"):
        read_model(modelkit.pack(model))


def test_huge_shape_is_rejected_before_allocating():
    g, ts = chain(1)
    g.graph.tensors[0].shape = [1 << 20, 1 << 20, 1 << 10]
    with pytest.raises(McugenError, match="more than any microcontroller holds"):
        read_model(g.build([ts[0]], [ts[1]]))


def test_buffer_size_mismatch_is_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    weights = next(t for t in model.subgraphs[0].tensors if model.buffers[t.buffer].data is not None)
    model.buffers[weights.buffer].data = model.buffers[weights.buffer].data[:-3]
    with pytest.raises(McugenError, match="holds .* bytes but its shape"):
        read_model(modelkit.pack(model))


def test_missing_buffer_is_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs[0].tensors[1].buffer = 999
    with pytest.raises(McugenError, match="buffer 999, which does not exist"):
        read_model(modelkit.pack(model))


def test_bad_tensor_index_is_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs[0].operators[0].inputs[0] = 4000
    with pytest.raises(McugenError, match="tensor 4000, which does not exist"):
        read_model(modelkit.pack(model))


def test_unknown_tensor_type_is_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs[0].tensors[0].type = 77
    with pytest.raises(McugenError, match="unknown type code 77"):
        read_model(modelkit.pack(model))


def test_two_subgraphs_are_rejected():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs.append(model.subgraphs[0])
    with pytest.raises(McugenError, match="2 subgraphs"):
        read_model(modelkit.pack(model))


@pytest.mark.parametrize("seed", range(30))
def test_random_byte_flips_never_crash(seed):
    data = bytearray(MLP_INT8.read_bytes())
    rng = np.random.default_rng(seed)
    for pos in rng.integers(8, len(data), size=rng.integers(1, 20)):
        data[pos] = rng.integers(0, 256)
    try:
        read_model(bytes(data))
    except McugenError:
        pass
