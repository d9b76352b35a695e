"""Case builders of the rewrite_fold_pad tests that other test modules use too."""

import numpy as np
from rewrite_cases import rewritten

import modelkit


class Branches:
    def __init__(self, dtype: str, shape=(1, 6, 6, 2)):
        self.rng, self.g, self.dtype, self.outputs = np.random.default_rng(6), modelkit.GraphBuilder(), dtype, []
        self.quant = {"scale": 0.05, "zero_point": 3} if dtype == "int8" else {}
        self.x = self.g.tensor(shape, dtype, **self.quant)

    def _weights(self, op: str, taps: int, channels: int):
        shape = (channels, taps, taps, 2) if op == "CONV_2D" else (1, taps, taps, channels)
        if self.dtype == "float32":
            bias = self.g.tensor([channels], "float32", data=self.rng.normal(size=channels))
            return self.g.tensor(shape, "float32", data=self.rng.normal(size=shape)), bias
        axis = 0 if op == "CONV_2D" else 3
        scales = self.rng.uniform(0.01, 0.03, size=channels)
        w = self.g.tensor(
            shape,
            "int8",
            scale=scales,
            zero_point=[0] * channels,
            axis=axis,
            data=self.rng.integers(-127, 128, size=shape),
        )
        bias = self.g.tensor(
            [channels],
            "int32",
            scale=scales * 0.05,
            zero_point=[0] * channels,
            data=self.rng.integers(-500, 500, size=channels),
        )
        return w, bias

    def add(self, op: str, pads, stride: int, out_hw: int, pad_op: str = "PAD", value=None) -> None:
        g, shape = self.g, self.g.graph.tensors[self.x].shape
        padded_shape = [1, shape[1] + sum(pads[0]), shape[2] + sum(pads[1]), 2]
        padded = g.tensor(padded_shape, self.dtype, **self.quant)
        amounts = g.tensor([4, 2], "int32", data=[[0, 0], pads[0], pads[1], [0, 0]])
        extra = [g.tensor([], self.dtype, data=np.array(value), **self.quant)] if pad_op == "PADV2" else []
        g.op(pad_op, [self.x, amounts, *extra], [padded])
        w, bias = self._weights(op, 3, 2)
        out = g.tensor([1, out_hw, out_hw, 2], self.dtype, **({"scale": 0.2, "zero_point": -2} if self.quant else {}))
        options = {"depthMultiplier": 1} if op == "DEPTHWISE_CONV_2D" else {}
        g.op(op, [padded, w, bias], [out], padding=1, strideW=stride, strideH=stride, **options)
        self.outputs.append(out)

    def result(self):
        return rewritten(self.g.build([self.x], self.outputs))
