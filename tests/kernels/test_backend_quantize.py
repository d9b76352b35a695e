"""QUANTIZE int8 or int16 -> int8 in the dsp and mve backends (requantize_s8_fast.c, one kernel for both): random
nodes (scale ratios around each pair's range: right and left shifts, random zero points) and extreme ratios (int16
ratios of 2^10 and 2^-20, int8 of 2^12), every node asserted to be on the backend, against TFLite Micro bit for bit:
the dsp kernel on the host build, both backends in QEMU (Cortex-M4, Cortex-M55)."""

import pytest
from op_cases import Batch

from cases.quantize import quantize_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

EXTREMES = [("int16", 2.0**10), ("int16", 2.0**-20), ("int8", 2.0**12), ("int8", 2.0**-20)]  # (input, scale ratio)


def quantize_batch(seed: int, nodes: int) -> Batch:
    b = Batch(seed)
    for _ in range(nodes):
        for in_type in ("int8", "int16"):
            quantize_node(b, in_type, "int8", [int(b.rng.integers(1, 40))])
    for in_type, ratio in EXTREMES:
        in_scale = 0.01
        x = b.input([37], in_type, (in_scale, int(b.rng.integers(-100, 100)) if in_type == "int8" else 0))
        y = b.output([37], "int8", (in_scale / ratio, int(b.rng.integers(-128, 128))))
        b.node("QUANTIZE", [x], [y], version=1)
    return b


def on_backend(model: bytes, backend: str) -> bytes:
    kernels = check(read_model(model), backends=[backend, "reference"]).kernels
    assert [k.backend for k in kernels] == [backend] * len(kernels)
    return model


def test_dsp_on_host():
    b = quantize_batch(5, 16)
    verify_model(on_backend(b.build(), "dsp"), sets=b.sets(3), backends=["dsp", "reference"])


@pytest.mark.qemu
@pytest.mark.parametrize(("board", "backend"), [("mps2-an386", "dsp"), ("mps3-an547", "mve")])
def test_in_qemu(board, backend):
    b = quantize_batch(6, 4)
    model = on_backend(b.build(), backend)
    verify_model(model, sets=b.sets(2), backends=[backend, "reference"], qemu=True, board=board)
