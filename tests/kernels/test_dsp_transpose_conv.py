"""TRANSPOSE_CONV in the dsp backend: 20 random int8 nodes (per-channel and per-tensor filters, input depths around
the 4-value steps, output depths around the 4-channel blocks, strides, padding, batches, optional bias,
activations) in one model against TFLite Micro on the host build, and in QEMU on the Cortex-M4 and the Cortex-M33;
every node must go to the dsp backend."""

import pytest
from op_cases import Batch

from cases.transpose_conv import geometry, transpose_conv_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["dsp", "reference"]


def model(seed: int, nodes: int) -> tuple[bytes, Batch]:
    b = Batch(seed)
    for _ in range(nodes):
        in_depth, out_depth = (int(v) for v in b.rng.integers(1, 12, size=2))
        transpose_conv_node(b, "int8", geometry(b.rng), in_depth, out_depth, "int32" if b.rng.integers(0, 3) else None)
    built = b.build()
    assert {k.backend for k in check(read_model(built), backends=BACKENDS).kernels} == {"dsp"}
    return built, b


def test_random():
    built, b = model(70, 20)
    verify_model(built, sets=b.sets(), backends=BACKENDS)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])
def test_in_qemu(board):
    built, b = model(71, 3)
    verify_model(built, sets=b.sets(1), qemu=True, backends=BACKENDS, board=board)
