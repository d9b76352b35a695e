"""TRANSPOSE int8 on the dsp and mve backends against TFLite Micro, every node asserted to be on the backend:
test_transpose's random 1-D to 5-D permutations plus larger ones (an image to channels-first, rows read 17 and
hundreds of bytes apart: the mve kernel's 8- and 16-bit gather offsets, and a step beyond them), on the host
build (dsp) and in QEMU (dsp on the Cortex-M4, mve on the Cortex-M55)."""

import numpy as np
import pytest

from cases.transpose import transpose_case
from generator.check import check
from generator.model import read_model
from kernel_harness import verify_cases
from modelkit import GraphBuilder

BOARDS = {"dsp": "mps2-an386", "mve": "mps3-an547"}


def large_case(shape, perm) -> bytes:
    g = GraphBuilder()
    x = g.tensor(shape, "int8", 0.05, 3)
    y = g.tensor([shape[p] for p in perm], "int8", 0.05, 3)
    g.op("TRANSPOSE", [x, g.tensor([len(perm)], "int32", data=np.array(perm))], [y])
    return g.build([x], [y])


def cases(backend: str) -> dict:
    found = {f"seed {seed}": transpose_case(seed, "int8") for seed in range(16)}
    found.update({f"rank {rank}": transpose_case(50 + rank, "int8", rank) for rank in (2, 3, 4, 5)})
    found["image to channels first"] = large_case([1, 13, 11, 9], [0, 3, 1, 2])
    found["channels first to image"] = large_case([1, 9, 13, 11], [0, 2, 3, 1])
    found["rows 17 apart"] = large_case([17, 40], [1, 0])
    found["rows 301 apart"] = large_case([301, 7], [1, 0])
    found["rows 9500 apart"] = large_case([2, 9500], [1, 0])
    for name, model in found.items():
        assert {k.backend for k in check(read_model(model), backends=[backend, "reference"]).kernels} == {backend}, name
    return found


def test_dsp_on_the_host():
    verify_cases(cases("dsp"), count=2, seed=3, backends=["dsp", "reference"])


@pytest.mark.qemu
@pytest.mark.parametrize("backend", ["dsp", "mve"])
def test_in_qemu(backend):
    verify_cases(cases(backend), count=2, seed=4, backends=[backend, "reference"], qemu=True, board=BOARDS[backend])
