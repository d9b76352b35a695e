"""QUANTIZE float32 -> int8 and DEQUANTIZE int8 -> float32 in the portable backend (generated tables) against
TFLite Micro. QUANTIZE (a search of generated thresholds): random scales and zero points, inputs drawn across and
beyond the output range, and every threshold's float with its neighbours one unit in the last place either side
(where the float division's rounding decides), on the host build and in QEMU on the Cortex-M3 and the Cortex-M0+
code; the thresholds' own search is checked against numpy's float32 division on a dense sweep of values.
DEQUANTIZE: every int8 value at random scales and zero points. Every node asserted to run on the portable kernel."""

import numpy as np
import pytest
from op_cases import Batch

from generator.catalog.backends import choose_backends
from generator.catalog.ops.quantize import portable_quantize
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["portable", "reference"]


def edge_values(scale: float, zero_point: int) -> np.ndarray:
    """Each threshold's float and the floats one key below and above it, signed zeros and the smallest subnormals
    (not the infinities: TFLite converts their quotient to int32 with undefined behaviour)."""
    keys = np.array(portable_quantize.thresholds(scale, zero_point)[1:256], dtype=np.int64)
    keys = np.clip(np.concatenate([keys - 1, keys, keys + 1]), portable_quantize.KEY_MIN, portable_quantize.KEY_MAX)
    specials = np.array([0.0, -0.0, 1e-45, -1e-45], dtype=np.float32)
    return np.concatenate([portable_quantize.keys_to_floats(keys), specials])


def model_and_sets(seed: int, nodes: int):
    b = Batch(seed)
    edges = []
    for _ in range(nodes):
        scale = float(np.float32(8.0 / 128.0 * b.rng.uniform(0.02, 50.0)))
        zero_point = int(b.rng.integers(-128, 128))
        values = edge_values(scale, zero_point)
        edges.append(values)

        def draw(rng, shape, scale=scale, zero_point=zero_point):
            return (rng.uniform(-300.0, 300.0, shape) * scale + zero_point * scale).astype(np.float32)

        x = b.input([values.size], "float32", None, draw)
        b.node("QUANTIZE", [x], [b.output([values.size], "int8", (scale, zero_point))])
    model = b.build()
    assert {k.backend for k in check(read_model(model), backends=BACKENDS).kernels} == {"portable"}
    return model, [edges, *b.sets(2)]


def dequantize_model(seed: int, nodes: int):
    b = Batch(seed)
    for _ in range(nodes):
        quant = (float(np.float32(b.rng.uniform(1e-3, 2.0))), int(b.rng.integers(-128, 128)))
        x = b.input([256], "int8", quant, lambda rng, shape: rng.permutation(np.arange(-128, 128, dtype=np.int8)))
        b.node("DEQUANTIZE", [x], [b.output([256], "float32")], version=2)
    model = b.build()
    assert {k.backend for k in check(read_model(model), backends=BACKENDS).kernels} == {"portable"}
    return model, b.sets(2)


def test_thresholds_match_the_float_division():
    """Outputs from the thresholds equal clamp(round(float32(x / scale)) + zero point) on a dense sweep."""
    rng = np.random.default_rng(3)
    for _ in range(20):
        scale, zero_point = float(np.float32(rng.uniform(1e-3, 2.0))), int(rng.integers(-128, 128))
        x = np.concatenate(
            [rng.uniform(-200, 200, 20000).astype(np.float32) * np.float32(scale), edge_values(scale, zero_point)]
        ).astype(np.float32)
        expected = np.clip(portable_quantize.rounded_quotients(x, np.float32(scale)) + zero_point, -128, 127)
        bits = x.view(np.int32).astype(np.int64)
        keys = np.where(bits >= 0, bits, bits ^ 0x7FFFFFFF)
        t = np.array(portable_quantize.thresholds(scale, zero_point)[1:256], dtype=np.int64)
        found = np.searchsorted(t, keys, side="right") - 128
        assert np.array_equal(found, expected)


def test_random_and_edges():
    model, sets = model_and_sets(1, 8)
    verify_model(model, sets=sets, backends=BACKENDS)


def test_dequantize_every_value():
    model, sets = dequantize_model(4, 8)
    verify_model(model, sets=sets, backends=BACKENDS)


def test_auto_picks_it_only_without_dsp():
    assert choose_backends("auto", "cortex-m0plus")[0] == "portable"


@pytest.mark.qemu
@pytest.mark.parametrize("off", [-1, 1], ids=["twice", "half"])
def test_the_walk_alone_decides(monkeypatch, off):
    """An estimate twice or half |x| / scale (the shift base one off): the walks along the thresholds, many steps
    down or up, still give TFLite's outputs, on the host and in QEMU on the Cortex-M3 (its assembly loop)."""
    right = portable_quantize.estimate
    monkeypatch.setattr(portable_quantize, "estimate", lambda scale: (right(scale)[0], right(scale)[1] + off))
    model, sets = model_and_sets(6, 2)
    verify_model(model, sets=sets, backends=BACKENDS)
    verify_model(model, sets=sets, qemu=True, backends=BACKENDS, board="mps2-an385")


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an385", "mps2-an385-m0plus"])
def test_in_qemu(board):
    model, sets = model_and_sets(2, 3)
    verify_model(model, sets=sets, qemu=True, backends=BACKENDS, board=board)
    model, sets = dequantize_model(5, 3)
    verify_model(model, sets=sets, qemu=True, backends=BACKENDS, board=board)
