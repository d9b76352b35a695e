"""Case builders of the relu tests that other test modules use too."""

import numpy as np
import pytest
from op_cases import Batch

from generator.check import CheckError, check
from generator.model import read_model
from kernel_harness import rand_scale
from modelkit import GraphBuilder


def random_shape(rng, max_rank=5, max_elements=500):
    while True:
        shape = [int(rng.integers(1, 7)) for _ in range(int(rng.integers(1, max_rank + 1)))]
        if np.prod(shape) <= max_elements:
            return shape


def unary_case(op_name, seed, dtype="int8", version=None, shape=None, same_quant=False, **options):
    """One unary node; int8 tensors get random scales and zero points (`same_quant`: the output shares the
    input's)."""
    rng = np.random.default_rng(seed)
    shape = shape or random_shape(rng)
    g = GraphBuilder()
    if dtype == "int8":
        in_q = (rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)))
        out_q = in_q if same_quant else (rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128)))
        x = g.tensor(shape, "int8", *in_q)
        y = g.tensor(shape, "int8", *out_q)
    else:
        x, y = g.tensor(shape, "float32"), g.tensor(shape, "float32")
    g.op(op_name, [x], [y], version=version or (2 if dtype == "int8" else 1), **options)
    return g.build([x], [y])


def every_int8(shape=(256,)):
    """One input set holding each int8 value once."""
    return [[np.arange(-128, 128, dtype=np.int8).reshape(shape)]]


def wide_floats(seed, shape, count=2, spread=8.0):
    """Float inputs in [-spread, spread] (the default random sets stay in [-3, 3])."""
    rng = np.random.default_rng(seed)
    return [[rng.uniform(-spread, spread, size=shape).astype(np.float32)] for _ in range(count)]


ALL_INT16 = np.arange(-32768, 32768, dtype=np.int16)


INT16_VERSIONS = {"RELU": 3, "RELU6": 3, "LEAKY_RELU": 2}  # TFLite's versions of int16 nodes (op_version.cc)


def int16_node(b: Batch, op_name, shape, same_quant=False, every_value=False, **options):
    """One int16 node of `b`: zero points 0 (TFLite's int16 quantization), random scales (the output's from
    half to twice the input's, or the input's)."""
    in_scale = rand_scale(b.rng, 1e-4, 1e-2)
    out_scale = in_scale if same_quant else in_scale * float(b.rng.uniform(0.5, 2.0))
    values = (lambda rng, s: rng.permutation(ALL_INT16).reshape(s)) if every_value else None
    x = b.input(shape, "int16", (in_scale, 0), values=values)
    y = b.output(shape, "int16", (out_scale, 0))
    b.node(op_name, [x], [y], version=INT16_VERSIONS[op_name], **options)


def int16_batch(op_name, seed, options=lambda rng: {}, same_quant=False) -> Batch:
    """Two nodes over every int16 value, then 20 of random shapes."""
    b = Batch(seed)
    for k in range(22):
        shape = [65536] if k < 2 else random_shape(b.rng, max_elements=64)
        int16_node(b, op_name, shape, same_quant=same_quant, every_value=k < 2, **options(b.rng))
    return b


def unary_model(op_name, types=("int8", "int8"), scales=(0.05, 0.05), version=1, **options) -> bytes:
    g = GraphBuilder()
    x, y = (
        g.tensor([2, 3], dtype, scale if dtype != "float32" else None, 0 if dtype != "float32" else None)
        for dtype, scale in zip(types, scales)
    )
    g.op(op_name, [x], [y], version=version, **options)
    return g.build([x], [y])


def check_rejections(op_name, int16=False, **options):
    """Unsupported types (int16 too unless the op has int16 math) and mixed types are rejected."""
    for types, reason in [
        (("int16", "int8"), "INT16/INT8 are not supported") if int16 else (("int16", "int16"), "INT16/INT16 are not"),
        (("uint8", "uint8"), "UINT8/UINT8 are not supported"),
        (("int8", "float32"), "INT8/FLOAT32 are not supported"),
    ]:
        with pytest.raises(CheckError, match=reason):
            check(read_model(unary_model(op_name, types, **options)))
