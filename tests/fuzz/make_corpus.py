"""Writes the fuzz corpus: small single-op models built with modelkit (our fixtures join them at run time).

Run from the repository root: .venv/bin/python tests/fuzz/make_corpus.py
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from modelkit import GraphBuilder  # noqa: E402

OUT = Path(__file__).resolve().parent / "corpus"


def conv() -> bytes:
    g = GraphBuilder()
    x = g.tensor([1, 6, 6, 2], "int8", 0.05, 3)
    w = g.tensor([4, 3, 3, 2], "int8", [0.01] * 4, [0] * 4, data=np.arange(72) % 50 - 25, axis=0)
    b = g.tensor([4], "int32", [5e-4] * 4, [0] * 4, data=[10, -20, 30, -40])
    y = g.tensor([1, 6, 6, 4], "int8", 0.1, -5)
    g.op("CONV_2D", [x, w, b], [y], version=3, padding=0, strideW=1, strideH=1, fusedActivationFunction=1)
    return g.build([x], [y])


def add_softmax() -> bytes:
    g = GraphBuilder()
    a, b = g.tensor([1, 8], "int8", 0.1, 0), g.tensor([1, 8], "int8", 0.1, 0, data=np.arange(8))
    s = g.tensor([1, 8], "int8", 0.2, 0)
    y = g.tensor([1, 8], "int8", 1 / 256, -128)
    g.op("ADD", [a, b], [s], version=2)
    g.op("SOFTMAX", [s], [y], version=2, beta=1.0)
    return g.build([a], [y])


def reshape_pool() -> bytes:
    g = GraphBuilder()
    x = g.tensor([1, 16], "float32")
    r = g.tensor([1, 4, 4, 1], "float32")
    y = g.tensor([1, 2, 2, 1], "float32")
    g.op("RESHAPE", [x], [r], newShape=[1, 4, 4, 1])
    g.op("MAX_POOL_2D", [r], [y], version=1, padding=1, strideW=2, strideH=2, filterWidth=2, filterHeight=2)
    return g.build([x], [y])


if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name, build in (("conv", conv), ("add_softmax", add_softmax), ("reshape_pool", reshape_pool)):
        (OUT / f"{name}.tflite").write_bytes(build())
    print(sorted(p.name for p in OUT.iterdir()))
