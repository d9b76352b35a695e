"""TRANSPOSE_CONV in the mve backend (Cortex-M55 Helium): 20 random int8 nodes (per-channel and per-tensor
filters, input depths around the 16-value vector, output depths around the 4-channel groups, strides, padding,
batches, optional bias, activations) in one model against TFLite Micro in QEMU on mps3-an547; every node must go
to the mve backend."""

import pytest
from op_cases import Batch

from cases.transpose_conv import geometry, transpose_conv_node
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_model

BACKENDS = ["mve", "reference"]


@pytest.mark.qemu
def test_in_qemu():
    b = Batch(91)
    for _ in range(20):
        in_depth, out_depth = int(b.rng.integers(1, 40)), int(b.rng.integers(1, 12))
        transpose_conv_node(b, "int8", geometry(b.rng), in_depth, out_depth, "int32" if b.rng.integers(0, 3) else None)
    built = b.build()
    assert {k.backend for k in check(read_model(built), backends=BACKENDS).kernels} == {"mve"}
    verify_model(built, sets=b.sets(), qemu=True, backends=BACKENDS, board="mps3-an547")
