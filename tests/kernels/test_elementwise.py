"""The element-wise unary ops (ABS, SIN, COS, LOG, SQRT, RSQRT, SQUARE, LOGICAL_NOT, NEG, FLOOR, CEIL, ROUND, EXP):
20 random cases per op and type in one model each, against TFLite Micro on the host build; a few in QEMU."""

import numpy as np
import pytest
from op_cases import Batch, random_quant, random_values

from cases.elementwise import FLOAT_OPS, float_values, unary_batch
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_model
from modelkit import GraphBuilder


@pytest.mark.parametrize("op_name", FLOAT_OPS)
def test_float32(op_name):
    model, sets = unary_batch(op_name, "float32", seed=100 + FLOAT_OPS.index(op_name))
    verify_model(model, sets=sets)


@pytest.mark.parametrize("op_name, dtype, version", [("ABS", "int8", 2), ("ABS", "int16", 3), ("RSQRT", "int8", 2)])
def test_quantized(op_name, dtype, version):
    model, sets = unary_batch(op_name, dtype, seed=7 + version, version=version)
    verify_model(model, sets=sets)


def test_abs_int16_unquantized():
    model, sets = unary_batch("ABS", "int16", seed=11, version=4, quantized=False)
    sets[0][0].reshape(-1)[0] = -32768  # |int16 min| wraps to itself, as std::abs cast back to int16
    verify_model(model, sets=sets)


@pytest.mark.parametrize("op_name", ["ABS", "RSQRT"])
def test_int8_every_value(op_name):
    """Each int8 input value (RSQRT: each one at or above the zero point) through several quantizations."""
    b = Batch(21)
    for k in range(6):
        q_in = random_quant(b.rng, "int8")
        q_out = q_in if k == 0 else random_quant(b.rng, "int8")
        low = q_in[1] if op_name == "RSQRT" else -128
        x = b.input(
            [256], "int8", q_in, lambda rng, s, low=low: np.clip(np.arange(-128, 128), low, 127).astype(np.int8)
        )
        b.node(op_name, [x], [b.output([256], "int8", q_out)], version=2)
    verify_model(b.build(), sets=b.sets(1))


def test_abs_int8_double_precision_setup():
    """Every int8 value under round-number scale pairs whose ABS multiplier differs between float and double
    set-up math (the tflite-micro package's results follow the double one)."""
    nice = [0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3, 0.45, 0.6, 0.9, 1.5]
    b = Batch(31)
    for s_in in nice:
        for s_out in nice:
            if float(np.float32(s_in) / np.float32(s_out)) == float(np.float32(s_in)) / float(np.float32(s_out)):
                continue  # the float quotient is the double one
            zp_in, zp_out = (int(v) for v in b.rng.integers(-128, 128, size=2))
            x = b.input([256], "int8", (s_in, zp_in), lambda rng, s: np.arange(-128, 128, dtype=np.int8))
            b.node("ABS", [x], [b.output([256], "int8", (s_out, zp_out))], version=2)
    verify_model(b.build(), sets=b.sets(1))


def test_logical_not():
    model, sets = unary_batch("LOGICAL_NOT", "bool", seed=5)
    verify_model(model, sets=sets)


def test_default_random_bools():
    """mcugen's own random input sets draw both truth values for bool inputs."""
    model, _ = unary_batch("LOGICAL_NOT", "bool", seed=6, cases=1)
    results = verify_model(model, count=1)
    assert set(np.unique(results[0].outputs[0])) == {False, True}


@pytest.mark.qemu
@pytest.mark.parametrize("board", ["mps2-an386", "mps2-an505"])  # Cortex-M4, ARMv8-M M33
def test_in_qemu(board):
    """One node per op and type through the cross-compiled kernels."""
    b = Batch(99)
    for op_name in FLOAT_OPS:
        x = b.input([3, 5], "float32", values=float_values(op_name))
        b.node(op_name, [x], [b.output([3, 5], "float32")])
    for op_name, dtype, version in [("ABS", "int8", 2), ("ABS", "int16", 3), ("RSQRT", "int8", 2)]:
        q_in, q_out = random_quant(b.rng, dtype), random_quant(b.rng, dtype)
        x = b.input([16], dtype, q_in, lambda rng, s, d=dtype, zp=q_in[1]: random_values(rng, d, s, low=zp))
        b.node(op_name, [x], [b.output([16], dtype, q_out)], version=version)
    x = b.input([7], "bool")
    b.node("LOGICAL_NOT", [x], [b.output([7], "bool")])
    verify_model(b.build(), sets=b.sets(1), qemu=True, board=board)


def single(op_name, types, quant=(True, True), zero_point=0, version=1) -> bytes:
    g = GraphBuilder()
    x, y = (g.tensor([2, 3], dtype, 0.05 if q else None, zero_point if q else None) for dtype, q in zip(types, quant))
    g.op(op_name, [x], [y], version=version)
    return g.build([x], [y])


@pytest.mark.parametrize(
    "op_name, types, quant, zero_point, reason",
    [
        ("SIN", ("int8", "int8"), (True, True), 0, r"INT8/INT8 are not supported \(float32\)"),
        ("ABS", ("uint8", "uint8"), (True, True), 0, r"UINT8/UINT8 are not supported \(float32 or int8 or int16\)"),
        ("ABS", ("int8", "float32"), (True, False), 0, "INT8/FLOAT32 are not supported"),
        ("ABS", ("int8", "int8"), (True, False), 0, "int8 ABS needs a per-tensor quantized output"),
        ("ABS", ("int16", "int16"), (True, True), 3, "int16 ABS needs zero point 0 on the input"),
        ("RSQRT", ("int16", "int16"), (True, True), 0, r"INT16/INT16 are not supported \(float32 or int8\)"),
        ("LOGICAL_NOT", ("float32", "float32"), (False, False), 0, r"FLOAT32/FLOAT32 are not supported \(bool\)"),
    ],
)
def test_rejects_unsupported(op_name, types, quant, zero_point, reason):
    with pytest.raises(CheckError, match=reason):
        check(read_model(single(op_name, types, quant, zero_point)))
