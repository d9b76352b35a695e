"""RELU and RELU6: randomized int8, int16 and float32 cases against TFLite Micro, and every int8 and int16 input
value. The int16 batch builder is shared with test_leaky_relu.py."""

import numpy as np
import pytest
from op_cases import Batch

from cases.relu import check_rejections, every_int8, int16_batch, int16_node, random_shape, unary_case, wide_floats
from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import verify_cases, verify_model
from modelkit import GraphBuilder


def test_int8_random():
    cases = {f"RELU seed {seed}": unary_case("RELU", seed) for seed in range(10)}
    # the output mostly shares the input's quantization, as converters produce; TFLite Micro ignores it anyway
    cases |= {f"RELU6 seed {seed}": unary_case("RELU6", 100 + seed, same_quant=seed % 3 != 0) for seed in range(10)}
    verify_cases(cases, count=2, seed=1)


def test_int8_every_value():
    cases = {
        f"RELU seed {seed}": (unary_case("RELU", 50 + seed, shape=[256], same_quant=seed == 0), every_int8())
        for seed in range(4)
    }
    cases |= {
        f"RELU6 seed {seed}": (unary_case("RELU6", 150 + seed, shape=[256], same_quant=True), every_int8())
        for seed in range(4)
    }
    verify_cases(cases)


def test_float_random():
    cases = {}
    for op_name in ("RELU", "RELU6"):
        for seed in range(3):
            shape = random_shape(np.random.default_rng(200 + seed))
            model = unary_case(op_name, 200 + seed, dtype="float32", shape=shape)
            cases[f"{op_name} seed {seed}"] = (model, wide_floats(seed, shape))
    verify_cases(cases)


@pytest.mark.parametrize("op_name", ["RELU", "RELU6"])
def test_int16_random(op_name):
    # RELU6 outputs share the input's quantization, as converters produce them
    b = int16_batch(op_name, 60 + len(op_name), same_quant=op_name == "RELU6")
    verify_model(b.build(), sets=b.sets())


@pytest.mark.qemu
def test_in_qemu():
    """Every int8 value through int8 RELU and RELU6, and int16 nodes of both, in one firmware."""
    b = Batch(7)
    for op_name in ("RELU", "RELU6"):
        quant = (0.05, -3)
        x = b.input([256], "int8", quant, values=lambda rng, s: every_int8()[0][0])
        b.node(op_name, [x], [b.output([256], "int8", quant if op_name == "RELU6" else (0.04, 5))], version=2)
        int16_node(b, op_name, [64], same_quant=op_name == "RELU6")
    verify_model(b.build(), sets=b.sets(1), qemu=True)


@pytest.mark.parametrize("op_name", ["RELU", "RELU6"])
def test_rejects_unsupported(op_name):
    check_rejections(op_name, int16=True)


def test_rejects_int16_zero_point():
    g = GraphBuilder()
    x, y = g.tensor([4], "int16", 0.01, 2), g.tensor([4], "int16", 0.01, 0)
    g.op("RELU", [x], [y], version=3)
    with pytest.raises(CheckError, match="int16 RELU needs zero points 0"):
        check(read_model(g.build([x], [y])))
