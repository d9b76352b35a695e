"""One model with int8 and 16x8 (int16 activations, int8 weights) CONV_2D and FULLY_CONNECTED nodes on one optimized
backend: the resolver holds one registration per op and backend, so the backend's int8 and 16x8 kernels share it
and it picks by the node's input type. Bit-exact against TFLite Micro on the host build (dsp) and in QEMU (dsp on
the Cortex-M4, mve on the Cortex-M55); the emitted registration names both kernels, and a model of one type still
leaves the other type's kernel file out (generator/emit/pruning.py)."""

import dataclasses

import numpy as np
import pytest
from op_cases import Batch

from cases.weighted_16x8 import conv_node, fully_connected_node
from generator import catalog
from generator.boards import load_board
from generator.check import check
from generator.emit import emit
from generator.model import read_model
from generator.plan import plan
from kernel_harness import rand_scale, verify_model

OPS = ("CONV_2D", "FULLY_CONNECTED")
BOARD_BACKENDS = {"mps2-an386": ["dsp", "reference"], "mps3-an547": ["mve", "dsp", "reference"]}


def int8_fully_connected_node(b):
    batches, depth, units = int(b.rng.integers(1, 4)), int(b.rng.integers(1, 70)), int(b.rng.integers(1, 20))
    in_scale, out_scale = rand_scale(b.rng, 0.01, 0.05), rand_scale(b.rng, 0.05, 0.5)
    w_scale = [rand_scale(b.rng, 1e-3, 1e-2) for _ in range(units)]
    x = b.input([batches, depth], "int8", (in_scale, int(b.rng.integers(-20, 20))))
    w = b.constant(b.rng.integers(-127, 128, size=(units, depth)).astype(np.int8), "int8", (w_scale, [0] * units))
    bias = b.constant(
        b.rng.integers(-3000, 3000, size=units).astype(np.int32),
        "int32",
        ([in_scale * s for s in w_scale], [0] * units),
    )
    y = b.output([batches, units], "int8", (out_scale, int(b.rng.integers(-20, 20))))
    b.node("FULLY_CONNECTED", [x, w, bias], [y], version=4, fusedActivationFunction=int(b.rng.choice([0, 1])))


def int8_conv_node(b):
    size, kernel, in_depth, out_depth = (
        int(b.rng.integers(3, 8)),
        int(b.rng.choice([1, 3])),
        4,
        int(b.rng.integers(1, 9)),
    )
    in_scale, out_scale = rand_scale(b.rng, 0.01, 0.05), rand_scale(b.rng, 0.05, 0.5)
    w_scale = [rand_scale(b.rng, 1e-3, 1e-2) for _ in range(out_depth)]
    x = b.input([1, size, size, in_depth], "int8", (in_scale, int(b.rng.integers(-20, 20))))
    shape = (out_depth, kernel, kernel, in_depth)
    f = b.constant(b.rng.integers(-127, 128, size=shape).astype(np.int8), "int8", (w_scale, [0] * out_depth))
    bias = b.constant(
        b.rng.integers(-3000, 3000, size=out_depth).astype(np.int32),
        "int32",
        ([in_scale * s for s in w_scale], [0] * out_depth),
    )
    y = b.output([1, size, size, out_depth], "int8", (out_scale, int(b.rng.integers(-20, 20))))
    b.node("CONV_2D", [x, f, bias], [y], version=3, padding=0, strideH=1, strideW=1, fusedActivationFunction=0)


def mixed_model(seed, types=("INT8", "INT16"), nodes=3):
    """`nodes` CONV_2D and FULLY_CONNECTED nodes of each of `types`, interleaved."""
    b = Batch(seed)
    for i in range(nodes):
        if "INT8" in types:
            int8_conv_node(b)
            int8_fully_connected_node(b)
        if "INT16" in types:
            conv_node(b, boost=i == nodes - 1)
            fully_connected_node(b, boost=i == nodes - 1)
    return b


def kernels_used(model, backends):
    """(op, backend, the kernel's type) of every node."""
    return {(k.op, k.backend, k.dtypes[0]) for k in check(read_model(model), backends=backends).kernels}


def emitted(model, backends, board, out):
    the_plan = plan(check(read_model(model), backends=backends))
    emit(the_plan, load_board(board), out, "mixed.tflite")
    return (out / "src" / "op_resolver.h").read_text(), {p.name for p in (out / "src" / "kernels").iterdir()}


@pytest.mark.parametrize("board", list(BOARD_BACKENDS))
def test_one_registration_serves_both_types(board, tmp_path):
    backends = BOARD_BACKENDS[board]
    backend = backends[0]
    model = mixed_model(190).build()
    assert {(op, backend, t) for op in OPS for t in ("INT8", "INT16")} <= kernels_used(model, backends)
    resolver, files = emitted(model, backends, board, tmp_path / "mixed")
    for op in ("conv_2d", "fully_connected"):
        assert resolver.count(f"&mg_register_{op}_{backend},") == 1
        assert {f"{op}_{backend}.c", f"{op}_s8_{backend}.c", f"{op}_s16_{backend}.c"} <= files
    # one type alone: the other type's kernel file stays out (an alias of the trap stands in)
    for types, kept, left_out in ((("INT8",), "s8", "s16"), (("INT16",), "s16", None)):
        _, files = emitted(mixed_model(191, types).build(), backends, board, tmp_path / types[0])
        for op in ("conv_2d", "fully_connected"):
            assert f"{op}_{kept}_{backend}.c" in files
            if left_out:
                assert f"{op}_{left_out}_{backend}.c" not in files


def test_dsp_host():
    b = mixed_model(192)
    verify_model(b.build(), sets=b.sets(), backends=BOARD_BACKENDS["mps2-an386"])


@pytest.mark.qemu
@pytest.mark.parametrize("board", list(BOARD_BACKENDS))
def test_in_qemu(board):
    b = mixed_model(193)
    model = b.build()
    backends = BOARD_BACKENDS[board]
    assert {(op, backends[0], t) for op in OPS for t in ("INT8", "INT16")} <= kernels_used(model, backends)
    verify_model(model, sets=b.sets(1), qemu=True, board=board, backends=backends)


def test_catalog_refuses_a_second_registration_for_one_op_and_backend():
    """Another kernel of FULLY_CONNECTED on dsp with its own registration would leave one of the two unreachable."""
    spec = next(s for s in catalog.CATALOG if (s.op, s.backend) == ("FULLY_CONNECTED", "dsp"))
    with pytest.raises(ValueError, match="share one registration"):
        catalog.register(dataclasses.replace(spec, registration="mg_register_fully_connected_other_dsp"))
    assert spec.registration == "mg_register_fully_connected_dsp"
