"""Case builders of the comparisons tests that other test modules use too."""

import numpy as np
from op_cases import random_quant, random_values

from cases.maximum_minimum import binary_batch
from modelkit import GraphBuilder


def tied_values(dtype):
    """Values from a small set, so that equal elements occur (floats: multiples of 0.5)."""
    if dtype == "float32":
        return lambda rng, s: (rng.integers(-4, 5, size=s) / 2).astype(np.float32)
    if dtype == "bool":
        return lambda rng, s: random_values(rng, dtype, s)
    return lambda rng, s: random_values(rng, dtype, s, low=-3, high=3)


def int8_quant():
    """Per tensor: the two inputs share a quantization in about half of the nodes (then ties compare equal)."""
    state = {}

    def quant(rng, role):
        if role == "input1":
            state["q1"] = random_quant(rng, "int8")
            return state["q1"]
        return state["q1"] if rng.integers(0, 2) else random_quant(rng, "int8")

    return quant


def comparison_case(op_name, dtype, seed, cases=20):
    if dtype == "int8":  # full-range values: rescaling decides
        return binary_batch(op_name, dtype, seed, cases, output_dtype="bool", quant=int8_quant(), version=2)
    return binary_batch(op_name, dtype, seed, cases, output_dtype="bool", values=tied_values(dtype))


def model_of(op_name, types, scale=0.05, shapes=([2, 3], [2, 3], [2, 3])) -> bytes:
    g = GraphBuilder()
    ids = [
        g.tensor(shape, dtype, scale if dtype in ("int8", "int16") else None, 0 if dtype in ("int8", "int16") else None)
        for dtype, shape in zip(types, shapes)
    ]
    g.op(op_name, ids[:2], [ids[2]])
    return g.build(ids[:2], [ids[2]])
