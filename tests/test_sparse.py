"""Sparse weights (beyond TFLite Micro): constants stored with TFLite's sparsity metadata (traversal order, block
map, DENSE/SPARSE_CSR levels; tests/sparse_models.py) are densified when the model is read and written dense by
the rewrite stage, so any backend runs them. Each model runs on the host build (and one in QEMU) and is compared
with LiteRT's reference kernels on the sparse model as given: TFLite Micro has no sparse tensors (it refuses
DENSIFY and reads a sparse weight as dense). Bad metadata is one line and a non-zero exit."""

import numpy as np
import pytest
from sparse_models import DENSE, SPARSE_CSR, pruned, sparse_constant

from generator.boards import load_board
from generator.compare import compare
from generator.errors import McugenError
from generator.model import read_model
from generator.pipeline import Options, generate, load_model, random_sets
from generator.reference.fallback import reference_with_fallback
from generator.run import build_host, run_host
from modelkit import GraphBuilder

CSR_ROWS = {"traversal": [0, 1], "formats": [DENSE, SPARSE_CSR]}
CSR_COLUMNS_FIRST = {"traversal": [1, 0], "formats": [DENSE, SPARSE_CSR], "index_type": "uint8"}
BLOCKS_1x4 = {"traversal": [0, 1, 2], "formats": [DENSE, SPARSE_CSR, DENSE], "block_map": [1], "block_sizes": [4]}
BLOCKS_1x16 = {**BLOCKS_1x4, "block_sizes": [16], "index_type": "uint16"}
CONV_CSR = {"traversal": [0, 1, 2, 3], "formats": [DENSE, SPARSE_CSR, SPARSE_CSR, DENSE]}


def float_fc(seed: int, encoding: dict) -> bytes:
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([2, 32], "float32")
    w = sparse_constant(g, pruned(rng, (16, 32), 0.3, "float32"), "float32", encoding)
    b = g.tensor([16], "float32", data=rng.normal(size=16))
    y = g.tensor([2, 16], "float32")
    g.op("FULLY_CONNECTED", [x, w, b], [y], fusedActivationFunction=1)
    return g.build([x], [y])


def int8_fc(seed: int) -> bytes:
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([2, 64], "int8", 0.05, 3)
    w = sparse_constant(g, pruned(rng, (24, 64), 0.3, "int8"), "int8", BLOCKS_1x16, scale=0.004, zero_point=0)
    b = g.tensor([24], "int32", 0.0002, 0, data=rng.integers(-3000, 3000, 24))
    y = g.tensor([2, 24], "int8", 0.1, -5)
    g.op("FULLY_CONNECTED", [x, w, b], [y])
    return g.build([x], [y])


def int8_conv(seed: int, densify: bool = True) -> bytes:
    """A CONV_2D whose per-channel int8 filter is sparse behind a DENSIFY (the form MediaPipe's models ship)."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([1, 6, 6, 8], "int8", 0.05, 3)
    scales = rng.uniform(0.002, 0.01, 16)
    quant = {"scale": scales, "zero_point": [0] * 16, "axis": 0}
    w = sparse_constant(g, pruned(rng, (16, 3, 3, 8), 0.3, "int8"), "int8", CONV_CSR, **quant)
    if densify:
        dense = g.tensor([16, 3, 3, 8], "int8", scales, [0] * 16, axis=0)
        g.op("DENSIFY", [w], [dense])
        w = dense
    b = g.tensor([16], "int32", scales * 0.05, [0] * 16, data=rng.integers(-300, 300, 16))
    y = g.tensor([1, 6, 6, 16], "int8", 0.1, -5)
    g.op("CONV_2D", [x, w, b], [y], padding=0, strideW=1, strideH=1)
    return g.build([x], [y])


def float16_conv(seed: int) -> bytes:
    """MediaPipe's form: a float16 filter stored sparse, DENSIFY, DEQUANTIZE to float32, CONV_2D."""
    rng = np.random.default_rng(seed)
    g = GraphBuilder()
    x = g.tensor([1, 5, 5, 32], "float32")
    w = sparse_constant(g, pruned(rng, (8, 1, 1, 32), 0.3, "float32").astype(np.float16), "float16", CONV_CSR)
    dense, wide = g.tensor([8, 1, 1, 32], "float16"), g.tensor([8, 1, 1, 32], "float32")
    g.op("DENSIFY", [w], [dense])
    g.op("DEQUANTIZE", [dense], [wide])
    b = g.tensor([8], "float32", data=rng.normal(size=8))
    y = g.tensor([1, 5, 5, 8], "float32")
    g.op("CONV_2D", [x, wide, b], [y], padding=0, strideW=1, strideH=1)
    return g.build([x], [y])


MODELS = {
    "float FULLY_CONNECTED, CSR rows": lambda: float_fc(1, CSR_ROWS),
    "float FULLY_CONNECTED, columns first, uint8 indices": lambda: float_fc(2, CSR_COLUMNS_FIRST),
    "float FULLY_CONNECTED, 1x4 blocks": lambda: float_fc(3, BLOCKS_1x4),
    "int8 FULLY_CONNECTED, 1x16 blocks": lambda: int8_fc(4),
    "int8 DENSIFY -> CONV_2D": lambda: int8_conv(5),
    "float16 DENSIFY -> DEQUANTIZE -> CONV_2D": lambda: float16_conv(6),
}


def verify_on_host(tmp_path, model: bytes) -> str:
    path = tmp_path / "sparse.tflite"
    path.write_bytes(model)
    project, _ = generate([path], Options(load_board("mps2-an386")), tmp_path / "p")
    sets = random_sets(project.inputs, 3, 0)
    device = [s.outputs for s in run_host(build_host(project.path), project.inputs, project.outputs, sets).sets]
    expected, reference = reference_with_fallback(load_model(path), sets, len(project.outputs))
    verdict = compare(device, expected)
    assert verdict.match, f"{verdict.mismatched_elements}/{verdict.total_elements} elements differ"
    return reference


@pytest.mark.parametrize("name", list(MODELS))
def test_sparse_weights_match_litert(tmp_path, name):
    model = MODELS[name]()
    assert any(t.sparse for t in read_model(model).tensors)
    assert "LiteRT" in verify_on_host(tmp_path, model)


def test_densified_values_are_the_dense_weights():
    rng = np.random.default_rng(9)
    dense = pruned(rng, (8, 3, 2, 16), 0.3, "int8")
    for encoding in (CONV_CSR, {"traversal": [3, 1, 0, 2], "formats": [DENSE, SPARSE_CSR, DENSE, SPARSE_CSR]}):
        g = GraphBuilder()
        x = g.tensor(dense.shape, "int8")
        w = sparse_constant(g, dense, "int8", encoding)
        y = g.tensor(dense.shape, "int8")
        g.op("ADD", [x, w], [y])
        tensor = read_model(g.build([x], [y])).tensors[w]
        assert tensor.sparse and np.array_equal(tensor.array(), dense)


def test_a_conv_reading_sparse_weights_directly_is_refused(tmp_path, capsys):
    from generator.cli import main

    path = tmp_path / "direct.tflite"
    path.write_bytes(int8_conv(6, densify=False))
    assert main(["generate", str(path), "--board", "mps2-an386", "-o", str(tmp_path / "p")]) != 0
    err = capsys.readouterr().err
    assert "which TFLite's CONV_2D kernel reads as dense" in err and "put a DENSIFY in front" in err


def corrupt(model: bytes, field: str, value) -> bytes:
    from modelkit import pack, unpack

    m = unpack(model)
    sparsity = next(t.sparsity for t in m.subgraphs[0].tensors if t.sparsity is not None)
    if field == "segments":
        sparsity.dimMetadata[1].arraySegments.values[-1] += 1
    elif field == "indices":
        sparsity.dimMetadata[1].arrayIndices.values[0] = value
    else:
        setattr(sparsity, field, value)
    return pack(m)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("traversalOrder", [1, 1], "traversal order [1, 1] is not the 2 dimensions"),
        ("blockMap", [5], "block map [5] does not name distinct dimensions"),
        ("segments", None, "indices do not fit its segments"),
        ("indices", 99, "indices do not fit its segments or its size 32"),
    ],
)
def test_bad_metadata_is_one_line(tmp_path, capsys, field, value, message):
    from generator.cli import main

    path = tmp_path / "bad.tflite"
    path.write_bytes(corrupt(float_fc(7, CSR_ROWS), field, value))
    with pytest.raises(McugenError, match="bad sparsity metadata"):
        read_model(path.read_bytes())
    assert main(["ops", str(path)]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad sparsity metadata" in err and message in err, err


@pytest.mark.qemu
def test_sparse_conv_in_qemu(tmp_path, cli):
    path = tmp_path / "conv.tflite"
    path.write_bytes(int8_conv(8))
    r = cli("verify", path, "--board", "mps2-an386", "-o", tmp_path / "fw", "--random", "3")
    assert r.returncode == 0, r.stderr
    assert "MATCH (bit-exact)" in r.stdout and "LiteRT" in r.stdout
