"""RESHAPE, SQUEEZE and EXPAND_DIMS: randomized int8/float32 (and int16/int32) cases against TFLite Micro, the
checks that reject what TFLite Micro does not run, and the in-place contract of the view kernels."""

import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

from cases.reshape import expand_dims_case, reshape_case, squeeze_case
from generator.check import CheckError, check
from generator.model import read_model
from generator.paths import FIRMWARE, kernel_include_dirs, kernel_path
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_reshape_random():
    cases = {f"seed {seed}": reshape_case(seed, ["int8", "float32"][seed % 2]) for seed in range(12)}
    verify_cases(cases, count=2, seed=1)


OTHER_TYPES = ["int16", "int32", "bool", "int64", "uint8"]  # RESHAPE and SQUEEZE copy any type in TFLite Micro


def test_reshape_other_types():
    cases = {f"seed {seed} {dtype}": reshape_case(seed, dtype) for seed, dtype in enumerate(OTHER_TYPES, start=100)}
    verify_cases(cases, count=2, seed=100)


def test_squeeze_other_types():
    cases = {f"seed {seed} {dtype}": squeeze_case(seed, dtype) for seed, dtype in enumerate(OTHER_TYPES, start=110)}
    verify_cases(cases, count=2, seed=110)


def test_squeeze_random():
    cases = {f"seed {seed}": squeeze_case(seed, ["int8", "float32", "int32"][seed % 3]) for seed in range(10)}
    verify_cases(cases, count=2, seed=2)


def test_expand_dims_random():
    cases = {f"seed {seed}": expand_dims_case(seed, ["int8", "float32", "int16"][seed % 3]) for seed in range(10)}
    verify_cases(cases, count=2, seed=3)


def test_reshape_differing_quantization_copies_bytes():
    """TFLite Micro's view kernels move bytes without comparing scales; mcugen does the same."""
    g = GraphBuilder()
    x = g.tensor([2, 6], "int8", 0.05, 3)
    y = g.tensor([3, 4], "int8", 0.2, -7)
    g.op("RESHAPE", [x], [y], newShape=[3, 4])
    verify_model(g.build([x], [y]), count=2, seed=7)


def scalar_reshape_model() -> bytes:
    """[1, 1] -> a scalar through a constant shape of zero elements (shape [0], an empty buffer), then a [1] ->
    [1, 1] RESHAPE reading the scalar: the converter's way of writing a scalar reshape."""
    g = GraphBuilder()
    x = g.tensor([1, 1], "float32")
    empty_shape = g.tensor([0], "int32", data=np.zeros([0], np.int32))
    scalar = g.tensor([], "float32")
    g.op("RESHAPE", [x, empty_shape], [scalar])
    back = g.tensor([2], "int32", data=[1, 1])
    y = g.tensor([1, 1], "float32")
    g.op("RESHAPE", [scalar, back], [y])
    return g.build([x], [y])


def test_reshape_to_a_scalar_through_an_empty_constant_shape():
    """An empty constant is still a constant (it was read as no data: "reads tensor 1 before it exists")."""
    graph = read_model(scalar_reshape_model())
    assert graph.tensors[1].data == b""
    verify_model(scalar_reshape_model(), count=2, seed=9)


def _rejected(model: bytes) -> str:
    with pytest.raises(CheckError) as info:
        check(read_model(model))
    return str(info.value)


def test_rejects_what_tflite_micro_does_not_run():
    g = GraphBuilder()  # TFLite Micro's EXPAND_DIMS has no int32
    x, a, y = g.tensor([2, 3], "int32"), g.tensor([1], "int32", data=[0]), g.tensor([1, 2, 3], "int32")
    g.op("EXPAND_DIMS", [x, a], [y])
    assert "INT32 is not supported" in _rejected(g.build([x], [y]))
    g = GraphBuilder()  # squeezing a dimension that is not 1
    x, y = g.tensor([2, 3], "float32"), g.tensor([2, 3], "float32")
    g.op("SQUEEZE", [x], [y], squeezeDims=[1])
    assert "squeeze dimension 1" in _rejected(g.build([x], [y]))
    g = GraphBuilder()  # element counts differ
    x, y = g.tensor([2, 3], "float32"), g.tensor([5], "float32")
    g.op("RESHAPE", [x], [y], newShape=[5])
    assert "different element counts" in _rejected(g.build([x], [y]))
    g = GraphBuilder()  # a non-constant axis
    x, a, y = g.tensor([2, 3], "float32"), g.tensor([1], "int32"), g.tensor([2, 1, 3], "float32")
    g.op("EXPAND_DIMS", [x, a], [y])
    assert "must be constant" in _rejected(g.build([x, a], [y]))


ALIAS_TEST = r"""
#include <stdio.h>
#include <string.h>
#include "reshape.h"

const char *mg_failure_reason; /* defined by the runtime in a firmware */

static float shared[6] = {1, 2, 3, 4, 5, 6}, other[6];
static const int32_t in_dims[2] = {2, 3}, out_dims[3] = {3, 1, 2};
/* the firmware's tensor table: 0 -> 1 share their bytes (a view), 0 -> 2 do not */
const mg_tensor mg_tensors[3] = {{shared, in_dims, 2, MG_FLOAT32}, {shared, out_dims, 3, MG_FLOAT32},
                                 {other, out_dims, 3, MG_FLOAT32}};

int main(void)
{
    static const mg_registration *const regs[3] = {&mg_register_reshape, &mg_register_squeeze,
                                                   &mg_register_expand_dims};
    int32_t inputs[1] = {0}, aliased[1] = {1}, separate[1] = {2};
    mg_reshape_params params = {6};
    for (int r = 0; r < 3; ++r) {
        mg_node view = {mg_tensors, inputs, aliased, 1, 1, 0, &params, 0, 0, 0};
        mg_node copy = {mg_tensors, inputs, separate, 1, 1, 0, &params, 0, 0, 0};
        if (regs[r]->prepare(&view) != MG_OK || regs[r]->invoke(&view) != MG_OK) return 1;
        for (int i = 0; i < 6; ++i) if (shared[i] != (float)(i + 1)) return 2;
        memset(other, 0, sizeof other);
        if (regs[r]->invoke(&copy) != MG_OK || memcmp(other, shared, sizeof other) != 0) return 3;
    }
    puts("ok");
    return 0;
}
"""


def test_views_do_nothing_in_place():
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = Path(tmp) / "alias.c", Path(tmp) / "alias"
        src.write_text(ALIAS_TEST)
        subprocess.run(
            [
                "gcc",
                "-std=c99",
                "-Wall",
                "-Werror",
                f"-I{FIRMWARE / 'runtime'}",
                *(f"-I{d}" for d in kernel_include_dirs()),
                str(src),
                str(kernel_path("reshape.c")),
                str(kernel_path("reshape_copy.c")),
                "-o",
                str(exe),
            ],
            check=True,
        )
        assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.strip() == "ok"


@pytest.mark.qemu
def test_in_qemu():
    verify_model(reshape_case(0, "int8"), count=2, seed=0, qemu=True)
    verify_model(squeeze_case(1, "float32"), count=2, seed=1, qemu=True)
    verify_model(expand_dims_case(2, "int8"), count=2, seed=2, qemu=True)
