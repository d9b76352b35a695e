"""Sparse constants for tests: a dense array stored the way TFLite's sparsity metadata describes (traversal order,
block map, DENSE or SPARSE_CSR per level), and small models whose weights are stored so. The encoder walks the
blocked array in traversal order and keeps, at a SPARSE_CSR level, only the children with a nonzero below them;
LiteRT's interpreter, which reads the metadata itself, is the reference for what they mean."""

from __future__ import annotations

import numpy as np
from tflite_micro.tensorflow.lite.micro.python import schema_py_generated as schema

from modelkit import GraphBuilder

DENSE, SPARSE_CSR = 0, 1
INDEX_TYPES = {
    "int32": (1, schema.Int32VectorT),
    "uint16": (2, schema.Uint16VectorT),
    "uint8": (3, schema.Uint8VectorT),
}


def blocked(dense: np.ndarray, block_map, block_sizes) -> np.ndarray:
    """The array with each blocked dimension d split into (d / size, size), the block axes moved last."""
    shape, order = [], []
    for d, n in enumerate(dense.shape):
        if d in block_map:
            size = block_sizes[block_map.index(d)]
            shape += [n // size, size]
            order.append(len(shape) - 2)
        else:
            shape.append(n)
            order.append(len(shape) - 1)
    for d in block_map:
        order.append(order[d] + 1)
    return dense.reshape(shape).transpose(order)


def encode(dense: np.ndarray, traversal, formats, block_map=(), block_sizes=(), index_type="int32"):
    """(values in traversal order, SparsityParametersT) for `dense`."""
    walked = blocked(dense, list(block_map), list(block_sizes)).transpose(traversal)
    segments = [[0] if f == SPARSE_CSR else None for f in formats]
    indices = [[] for _ in formats]
    values = []

    def visit(level: int, sub: np.ndarray) -> None:
        if level == len(formats):
            values.append(sub)
            return
        for i in range(sub.shape[0]):
            if formats[level] == DENSE or np.any(sub[i]):
                if formats[level] == SPARSE_CSR:
                    indices[level].append(i)
                visit(level + 1, sub[i])
        if formats[level] == SPARSE_CSR:
            segments[level].append(len(indices[level]))

    visit(0, walked)
    kind, vector = INDEX_TYPES[index_type]
    metadata = []
    for level, f in enumerate(formats):
        m = schema.DimensionMetadataT()
        m.format, m.denseSize = f, walked.shape[level] if f == DENSE else 0
        if f == SPARSE_CSR:
            m.arraySegments, m.arrayIndices = vector(), vector()
            m.arraySegments.values, m.arrayIndices.values = segments[level], indices[level]
            m.arraySegmentsType = m.arrayIndicesType = kind
        metadata.append(m)
    sparsity = schema.SparsityParametersT()
    sparsity.traversalOrder, sparsity.blockMap, sparsity.dimMetadata = list(traversal), list(block_map), metadata
    return np.array(values, dtype=dense.dtype), sparsity


def sparse_constant(g: GraphBuilder, dense: np.ndarray, dtype: str, encoding: dict, **quant) -> int:
    values, sparsity = encode(dense, **encoding)
    t = g.tensor(dense.shape, dtype, data=values, **quant)
    g.graph.tensors[t].sparsity = sparsity
    return t


def pruned(rng, shape, keep: float, dtype: str) -> np.ndarray:
    """Random weights with most of them zero (whole rows of 4 along the last axis zeroed, then single values)."""
    if dtype == "float32":
        w = rng.normal(0, 0.5, size=shape).astype(np.float32)
    else:
        w = rng.integers(-127, 128, size=shape).astype(dtype)
    w.reshape(-1, 4)[rng.random(w.size // 4) > keep] = 0
    w[rng.random(shape) > 0.8] = 0
    return w
