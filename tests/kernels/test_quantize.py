"""QUANTIZE: 20 random cases per input/output type pair (float32 -> int8, int8 -> int8, int8 -> uint8) in one
model each, against TFLite Micro on the host build; int8 -> uint8 is what a streaming model's uint8 output needs."""

import pytest
from op_cases import Batch, random_quant, random_shape

from kernel_harness import rand_scale, verify_model

PAIRS = [("float32", "int8"), ("int8", "int8"), ("int8", "uint8")]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_random(pair):
    source, target = pair
    b = Batch(PAIRS.index(pair) + 40)
    for _ in range(20):
        shape = random_shape(b.rng) or [5]
        x = b.input(shape, source, random_quant(b.rng, "int8") if source == "int8" else None)
        zero_point = int(b.rng.integers(0, 256)) if target == "uint8" else int(b.rng.integers(-128, 128))
        b.node("QUANTIZE", [x], [b.output(shape, target, (rand_scale(b.rng, 0.005, 0.2), zero_point))])
    verify_model(b.build(), sets=b.sets())
