"""PAD and PADV2 int8 on the dsp and mve backends against TFLite Micro, every node asserted to be on the backend:
test_pad's random 1-D to 5-D cases (PAD's zero point, PADV2's constant and a value from a graph input) plus
larger image-shaped ones (runs longer than a vector), on the host build (dsp) and in QEMU (dsp on the Cortex-M4,
mve on the Cortex-M55)."""

import numpy as np
import pytest

from cases.pad import pad_case
from generator.check import check
from generator.model import read_model
from kernel_harness import rand_scale, verify_cases
from modelkit import GraphBuilder

BOARDS = {"dsp": "mps2-an386", "mve": "mps3-an547"}


def image_case(seed: int) -> bytes:
    """A 4-D image padded on its rows, columns and (sometimes) channels."""
    rng = np.random.default_rng(seed)
    shape = [1, int(rng.integers(3, 12)), int(rng.integers(3, 12)), int(rng.integers(1, 40))]
    pads = [[0, 0], *rng.integers(0, 3, size=(2, 2)).tolist(), [0, int(rng.integers(0, 2)) * 5]]
    out_shape = [d + lo + hi for d, (lo, hi) in zip(shape, pads)]
    g = GraphBuilder()
    scale, zp = rand_scale(rng), int(rng.integers(-128, 128))
    x, y = g.tensor(shape, "int8", scale, zp), g.tensor(out_shape, "int8", scale, zp)
    g.op("PAD", [x, g.tensor([4, 2], "int32", data=np.array(pads))], [y], version=2)
    return g.build([x], [y])


def cases(backend: str) -> dict:
    found = {f"{op} seed {seed}": pad_case(op, "int8", seed) for op in ("PAD", "PADV2") for seed in range(10)}
    found["PADV2 value input"] = pad_case("PADV2", "int8", 5, value_input=True)
    found.update({f"image {seed}": image_case(seed) for seed in range(6)})
    for name, model in found.items():
        assert {k.backend for k in check(read_model(model), backends=[backend, "reference"]).kernels} == {backend}, name
    return found


def test_dsp_on_the_host():
    verify_cases(cases("dsp"), count=2, seed=3, backends=["dsp", "reference"])


@pytest.mark.qemu
@pytest.mark.parametrize("backend", ["dsp", "mve"])
def test_in_qemu(backend):
    verify_cases(cases(backend), count=2, seed=4, backends=[backend, "reference"], qemu=True, board=BOARDS[backend])
