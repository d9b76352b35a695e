"""Hostile and malformed models: one McugenError naming the problem, never a crash or a hang."""

import numpy as np
import pytest

import modelkit
from conftest import MLP_INT8
from generator.boards import load_board
from generator.errors import McugenError
from generator.model import read_model
from kernel_harness import verify_model


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


def with_input_shapes(signature, shape=None) -> bytes:
    """The int8 MLP fixture with its input's shape_signature (and stored shape, when given) replaced."""
    model = modelkit.unpack(MLP_INT8.read_bytes())
    tensor = model.subgraphs[0].tensors[model.subgraphs[0].inputs[0]]
    tensor.shapeSignature = signature
    if shape is not None:
        tensor.shape = shape
    return modelkit.pack(model)


def test_dynamic_signature_runs_the_stored_shape():
    """TFLite Micro runs the stored shape of an input whose shape_signature has -1s; so does mcugen."""
    model = modelkit.unpack(MLP_INT8.read_bytes())
    stored = list(model.subgraphs[0].tensors[model.subgraphs[0].inputs[0]].shape)
    graph = read_model(with_input_shapes([-1, -1]))
    assert list(graph.tensors[graph.inputs[0]].shape) == stored
    verify_model(with_input_shapes([-1, -1]), count=2, seed=3)


@pytest.mark.parametrize("shape", [[1, 0], [-1, 16]])
def test_dynamic_shape_without_a_stored_size_is_rejected(shape):
    with pytest.raises(McugenError, match=r"dynamic shape \[-1, -1\] \(stored as"):
        read_model(with_input_shapes([-1, -1], shape))


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


def test_a_bad_tensor_index_in_another_subgraph_names_it():
    model = modelkit.unpack(MLP_INT8.read_bytes())
    model.subgraphs.append(modelkit.unpack(MLP_INT8.read_bytes()).subgraphs[0])
    model.subgraphs[1].operators[0].inputs[0] = 4000
    with pytest.raises(McugenError, match=r"subgraph 1: node 0 \(FULLY_CONNECTED\) inputs refer to tensor 4000"):
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


def test_hostile_vector_length_is_rejected_quickly():
    import struct
    import time

    g, ts = chain(1)
    data = bytearray(g.build([ts[0]], [ts[1]]))
    model = modelkit.unpack(bytes(data))
    start = time.monotonic()
    # find the subgraph's tensor vector length (2) and claim 2**30 instead
    import tflite

    sub = tflite.Model.GetRootAs(bytes(data), 0).Subgraphs(0)
    vec = sub._tab.Vector(sub._tab.Offset(4))
    struct.pack_into("<I", data, vec - 4, 1 << 30)
    with pytest.raises(McugenError, match="claims 1073741824 entries"):
        read_model(bytes(data))
    assert time.monotonic() - start < 5 and model is not None


def test_model_too_big_for_board_fails_at_generation(tmp_path):
    from generator.pipeline import Options, generate

    g = modelkit.GraphBuilder()
    x = g.tensor([1, 1_200_000], "float32")  # 4.8 MB of input alone: more than the board's 4 MiB of RAM
    y = g.tensor([1, 1_200_000], "int8", 0.1, 0)
    g.op("QUANTIZE", [x], [y])
    model = tmp_path / "big.tflite"
    model.write_bytes(g.build([x], [y]))
    with pytest.raises(McugenError, match=r"mps2-an386 is too small .* the arena and stack [\d,]+ B of 4,194,304 B "):
        generate([model], Options(load_board("mps2-an386")), tmp_path / "out")
    assert not (tmp_path / "out").exists()


@pytest.mark.qemu
def test_two_builds_in_two_folders_are_byte_identical(tmp_path):
    from generator.build import build
    from generator.pipeline import Options, generate

    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "a")
    generate([MLP_INT8], Options(load_board("mps2-an386")), tmp_path / "b" / "deeper")
    elf_a, elf_b = build(tmp_path / "a").elf, build(tmp_path / "b" / "deeper").elf
    assert elf_a.read_bytes() == elf_b.read_bytes()
