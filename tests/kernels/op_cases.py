"""Batched single-op cases for the element-wise, comparison and logic kernels: one model holds many independent
nodes of one op (each with its own random shape, broadcast, quantization and graph input/output), so one build
proves many cases against TFLite Micro."""

from __future__ import annotations

import numpy as np

from kernel_harness import rand_scale
from modelkit import GraphBuilder

INT_RANGES = {
    "int8": (-128, 127),
    "int16": (-32768, 32767),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 255),
    "uint32": (0, 2**32 - 1),
}


def random_shape(rng, max_rank=4, max_elements=48) -> list[int]:
    while True:
        shape = [int(rng.integers(1, 6)) for _ in range(int(rng.integers(0, max_rank + 1)))]
        if np.prod(shape, dtype=np.int64) <= max_elements:
            return shape


def random_values(rng, dtype: str, shape, low=None, high=None) -> np.ndarray:
    """Uniform values: full-range integers (or [low, high]), floats in [low, high] (default [-8, 8]), bools."""
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dtype == "float32":
        return rng.uniform(-8.0 if low is None else low, 8.0 if high is None else high, size=shape).astype(np.float32)
    lo, hi = INT_RANGES[dtype]
    return rng.integers(
        lo if low is None else low, (hi if high is None else high), size=shape, endpoint=True, dtype=dtype
    )


def random_quant(rng, dtype: str) -> tuple[float, int]:
    """A scale and zero point (int16: symmetric, zero point 0, as TFLite requires)."""
    if dtype == "int16":
        return rand_scale(rng, 1e-4, 1e-2), 0
    return rand_scale(rng, 0.005, 0.2), int(rng.integers(-128, 128))


class Batch:
    """Independent nodes in one model: `node` adds one, `build` packs the model and `sets` draws input sets
    with each input's own value generator."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)
        self.g = GraphBuilder()
        self.inputs, self.outputs, self.makers = [], [], []

    def input(self, shape, dtype, quant=None, values=None) -> int:
        """A graph input; `values(rng, shape)` draws its values (default: random_values)."""
        t = self.g.tensor(shape, dtype, *(quant or (None, None)))
        self.inputs.append(t)
        self.makers.append((shape, values or (lambda rng, s, d=dtype: random_values(rng, d, s))))
        return t

    def constant(self, data, dtype, quant=None) -> int:
        return self.g.tensor(list(np.shape(data)), dtype, *(quant or (None, None)), data=data)

    def output(self, shape, dtype, quant=None) -> int:
        t = self.g.tensor(shape, dtype, *(quant or (None, None)))
        self.outputs.append(t)
        return t

    def node(self, op_name, inputs, outputs, version=1, **options):
        self.g.op(op_name, inputs, outputs, version=version, **options)

    def build(self) -> bytes:
        return self.g.build(self.inputs, self.outputs)

    def sets(self, count=2) -> list[list[np.ndarray]]:
        return [[make(self.rng, shape) for shape, make in self.makers] for _ in range(count)]
