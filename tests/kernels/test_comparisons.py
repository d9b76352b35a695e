"""EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL and LOGICAL_AND/OR: 20 random broadcast cases per
op and type in one model each, against TFLite Micro on the host build; one model of every op and type in QEMU."""

import pytest
from op_cases import Batch, random_quant

from cases.comparisons import comparison_case, model_of, tied_values
from cases.maximum_minimum import binary_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model

OPS = ["EQUAL", "NOT_EQUAL", "GREATER", "GREATER_EQUAL", "LESS", "LESS_EQUAL"]
NUMERIC = ["float32", "int32", "int64", "int8"]


@pytest.mark.parametrize(
    "op_name, dtype", [(op, t) for op in OPS for t in NUMERIC] + [("EQUAL", "bool"), ("NOT_EQUAL", "bool")]
)  # TFLite Micro compares bools for these only
def test_random(op_name, dtype):
    model, sets = comparison_case(
        op_name,
        dtype,
        seed=10 * OPS.index(op_name) + NUMERIC.index(dtype) if dtype != "bool" else 99 + OPS.index(op_name),
    )
    verify_model(model, sets=sets)


def test_int8_close_scales():
    """Nearly equal scales and zero points one apart: the Q31 rescale decides the ties."""
    b = Batch(17)
    for k in range(20):
        scale = random_quant(b.rng, "int8")[0]
        zp = int(b.rng.integers(-100, 100))
        x = b.input([16], "int8", (scale, zp))
        y = b.input([16], "int8", (scale * (1 + 1e-6 * k), zp + k % 2))
        b.node(OPS[k % len(OPS)], [x, y], [b.output([16], "bool")], version=2)
    verify_model(b.build(), sets=b.sets(2))


@pytest.mark.parametrize("op_name", ["LOGICAL_AND", "LOGICAL_OR"])
def test_logical_random(op_name):
    model, sets = binary_batch(op_name, "bool", seed=3 if op_name == "LOGICAL_AND" else 4)
    verify_model(model, sets=sets)


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])  # Cortex-M4, ARMv8-M M33
def test_in_qemu(board):
    b = Batch(5)
    for op_name in OPS:
        for dtype in NUMERIC + (["bool"] if op_name in ("EQUAL", "NOT_EQUAL") else []):
            q = random_quant(b.rng, "int8") if dtype == "int8" else None
            x = b.input([2, 1, 3], dtype, q, tied_values(dtype) if dtype != "int8" else None)
            y = b.input([4, 1], dtype, q, tied_values(dtype) if dtype != "int8" else None)
            b.node(op_name, [x, y], [b.output([2, 4, 3], "bool")], version=2 if dtype == "int8" else 1)
    for op_name in ("LOGICAL_AND", "LOGICAL_OR"):
        x, y = b.input([3, 4], "bool"), b.input([4], "bool")
        b.node(op_name, [x, y], [b.output([3, 4], "bool")])
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


@pytest.mark.parametrize(
    "op_name, types, scale, reason",
    [
        ("GREATER", ("int16", "int16", "bool"), 0.05, r"INT16/INT16/BOOL are not supported \(float32 or int32"),
        ("LESS", ("bool", "bool", "bool"), 0.05, "BOOL/BOOL/BOOL are not supported"),
        (
            "EQUAL",
            ("float32", "float32", "float32"),
            0.05,
            r"FLOAT32/FLOAT32/FLOAT32 are not supported \(.*output bool\)",
        ),
        ("EQUAL", ("int8", "int8", "bool"), 1.5, r"the input 1 scale 1.5 is not in \(0, 1\)"),
        ("LOGICAL_AND", ("int8", "int8", "int8"), 0.05, r"INT8/INT8/INT8 are not supported \(bool\)"),
    ],
)
def test_rejects_unsupported(op_name, types, scale, reason):
    with pytest.raises(CheckError, match=reason):
        check(read_model(model_of(op_name, types, scale)))
