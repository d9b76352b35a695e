"""Case builders of the overlap tests that other test modules use too."""

from dataclasses import replace

import numpy as np
from overlap_sim import clobbered

from generator.catalog.spec import LEAN_SCRATCH
from modelkit import GraphBuilder

SAME, VALID = 0, 1


OPS = ["CONV_2D", "DEPTHWISE_CONV_2D", "AVERAGE_POOL_2D", "MAX_POOL_2D"]


class Chain:
    """A model that runs layers one after another on one activation (int8 or float32, NHWC)."""

    def __init__(self, rng, shape, dtype: str):
        self.rng, self.dtype, self.b = rng, dtype, GraphBuilder()
        self.scale, self.zero_point = (0.05 if dtype == "int8" else None), 0
        self.shape = list(shape)
        self.x = self.head = self._activation(self.shape)

    def _activation(self, shape, keep_zero_point: bool = False):
        if self.dtype == "float32":
            return self.b.tensor(shape, "float32")
        self.zero_point = self.zero_point if keep_zero_point else int(self.rng.integers(-20, 20))
        return self.b.tensor(shape, self.dtype, self.scale, self.zero_point)

    def _weights(self, shape, taps_in: int):
        if self.dtype == "float32":
            return self.b.tensor(shape, "float32", data=self.rng.normal(size=shape).astype(np.float32) / taps_in)
        data = self.rng.integers(-127, 128, size=shape).astype(np.int8)
        return self.b.tensor(shape, "int8", 0.01, 0, data=data)

    def _bias(self, n: int):
        if self.dtype == "float32":
            return self.b.tensor([n], "float32", data=self.rng.normal(size=n).astype(np.float32))
        return self.b.tensor([n], "int32", self.scale * 0.01, 0, data=self.rng.integers(-500, 500, n).astype(np.int32))

    def _next(self, shape, taps_in: int = 1):
        # an output scale that keeps the accumulators spread over the int8 range
        self.scale = self.scale * 0.01 * np.sqrt(taps_in) * 40 if self.dtype == "int8" and taps_in > 1 else self.scale
        self.shape, out = list(shape), self._activation(shape, keep_zero_point=taps_in == 1)
        return out

    def window(self, op: str, k: int, stride: int, padding: int, out_depth: int | None = None, multiplier: int = 1):
        b, h, w, c = self.shape
        size = [-(-n // stride) if padding == SAME else -(-(n - k + 1) // stride) for n in (h, w)]
        if min(size) < 1:
            return
        head = self.head
        if op == "CONV_2D":
            oc = out_depth or c
            weights, bias = self._weights([oc, k, k, c], k * k * c), self._bias(oc)
            out = self._next([b, *size, oc], k * k * c)
            self.b.op(op, [head, weights, bias], [out], version=1, padding=padding, strideH=stride, strideW=stride)
        elif op == "DEPTHWISE_CONV_2D":
            weights, bias = self._weights([1, k, k, c * multiplier], k * k), self._bias(c * multiplier)
            out = self._next([b, *size, c * multiplier], k * k)
            options = dict(padding=padding, strideH=stride, strideW=stride, depthMultiplier=multiplier)
            self.b.op(op, [head, weights, bias], [out], version=1, **options)
        else:
            out = self._next([b, *size, c])
            options = dict(padding=padding, strideH=stride, strideW=stride, filterHeight=k, filterWidth=k)
            self.b.op(op, [head], [out], version=1, **options)
        self.head = out

    def dense(self, units: int):
        """FULLY_CONNECTED over all of each batch's elements."""
        depth = int(np.prod(self.shape[1:]))
        weights, bias = self._weights([units, depth], depth), self._bias(units)
        out = self._next([self.shape[0], units], depth)
        self.b.op("FULLY_CONNECTED", [self.head, weights, bias], [out], version=4)
        self.head = out

    def dequantize(self):
        out = self.b.tensor(self.shape, "float32")
        self.b.op("DEQUANTIZE", [self.head], [out], version=2)
        self.head, self.dtype = out, "float32"

    def build(self) -> bytes:
        return self.b.build([self.x], [self.head])


def random_chain(seed: int, dtype: str) -> bytes:
    rng = np.random.default_rng(seed)
    shape = [int(rng.choice([1, 1, 2])), int(rng.integers(3, 12)), int(rng.integers(2, 9)), int(rng.integers(1, 9))]
    chain = Chain(rng, shape, dtype)
    for _ in range(int(rng.integers(2, 6))):
        op = OPS[int(rng.integers(0, len(OPS)))]
        k, stride = int(rng.integers(1, 4)), int(rng.choice([1, 1, 2]))
        chain.window(op, k, stride, int(rng.integers(0, 2)), int(rng.integers(1, 12)))
    if dtype == "int8" and rng.integers(0, 2):
        chain.dequantize()
    return chain.build()


def planned_overlap_problems(p) -> list[str]:
    """The writes of every placed overlap that land on input bytes still to be read, at the planned offsets."""
    problems = []
    backends = {node.index: node.kernel.backend for node in p.nodes}
    lean = {n.node for n in p.lean}
    for o in p.overlaps:
        op = p.graph.operators[o.node]
        if o.node in lean:  # the kernel's lean order (KernelSpec.lean_scratch)
            op = replace(op, options={**op.options, LEAN_SCRATCH: True})
        inputs, outputs = p.graph.node_io(op)
        offsets = p.tensor_offsets[o.input], p.tensor_offsets[o.output]
        found = clobbered(op, inputs, outputs, *offsets, o.direction, backends[o.node])
        problems += [f"node {o.node} {o.op_name}: {f}" for f in found[:1]]
    return problems


def multiplier_chains():
    """Depthwise convolutions with a depth multiplier, int8: of a depth-1 input (micro_speech_quantized's kind of
    layer, and the chain's peak), then of several channels; one and two batches, strides 2 and 1."""
    for batches, (h, w), k, stride in ((1, (13, 10), 4, 2), (2, (9, 7), 3, 1)):
        chain = Chain(np.random.default_rng(10 + batches), [batches, h, w, 1], "int8")
        chain.window("DEPTHWISE_CONV_2D", k, stride, SAME, multiplier=8 // batches)
        chain.window("AVERAGE_POOL_2D", 2, 2, SAME)
        chain.window("DEPTHWISE_CONV_2D", 2, 1, VALID, multiplier=2)
        chain.dense(6)
        yield chain.build()


def dsp_chains():
    """Random int8 chains, convolutions of a depth-1 input, depthwise convolutions with a depth multiplier, and
    depthwise and pointwise convolutions over more channels than a depthwise block, then fully connected layers."""
    yield from (random_chain(2000 + seed, "int8") for seed in range(40))
    yield from multiplier_chains()
    chain = Chain(np.random.default_rng(3), [2, 12, 12, 1], "int8")  # depth 1: the dsp CONV_2D's direct form
    chain.window("CONV_2D", 4, 1, SAME, 8)
    chain.window("CONV_2D", 8, 2, VALID, 2)
    chain.dense(8)
    yield chain.build()
    for batches in (1, 2):
        chain = Chain(np.random.default_rng(batches), [batches, 7, 5, 20], "int8")
        chain.window("DEPTHWISE_CONV_2D", 3, 1, SAME)
        chain.window("CONV_2D", 1, 1, SAME, 36)
        chain.window("DEPTHWISE_CONV_2D", 3, 2, SAME)
        chain.window("CONV_2D", 3, 1, VALID, 12)
        chain.dense(32)  # 24 inputs per batch: expanded into scratch, then wider
        chain.dense(8)
        yield chain.build()


def widening_chain() -> bytes:
    """3x3 and 1x1 convolutions that widen the activation, a depthwise one between (two batches): overlaps
    lower the peak."""
    chain = Chain(np.random.default_rng(5), [2, 8, 6, 4], "int8")
    chain.window("CONV_2D", 3, 1, SAME, 16)
    chain.window("DEPTHWISE_CONV_2D", 3, 1, SAME)
    chain.window("CONV_2D", 1, 1, SAME, 40)
    chain.window("CONV_2D", 1, 1, SAME, 56)
    chain.window("CONV_2D", 3, 2, SAME, 20)
    return chain.build()


def overlap_model() -> bytes:
    """One chain through every reference kernel that declares an overlap, sized so that each overlap lowers
    the peak: int8 convolutions (3x3 and 1x1), depthwise, pools, then DEQUANTIZE and the float kernels."""
    rng = np.random.default_rng(7)
    chain = Chain(rng, [1, 12, 6, 8], "int8")
    chain.window("CONV_2D", 3, 1, SAME, 8)
    chain.window("DEPTHWISE_CONV_2D", 3, 1, SAME)
    chain.window("CONV_2D", 1, 1, SAME, 8)
    chain.window("MAX_POOL_2D", 2, 1, SAME)
    chain.window("AVERAGE_POOL_2D", 3, 1, SAME)
    chain.dequantize()
    chain.window("CONV_2D", 3, 1, SAME, 8)
    chain.window("DEPTHWISE_CONV_2D", 3, 1, SAME)
    chain.window("AVERAGE_POOL_2D", 2, 2, VALID)
    return chain.build()
