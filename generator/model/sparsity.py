"""Sparse constants (TFLite's `sparsity` field of a tensor: traversal order, block map, one DENSE or SPARSE_CSR
entry per dimension of the blocked shape) -> their dense bytes, as TFLite's FormatConverter fills them: the
buffer holds the values of the traversal's leaves in order, every other element is zero. TFLite Micro has no
sparse tensors; mcugen densifies them when it reads the model, and the rewrite stage writes them dense, so every
backend runs such a model. Metadata that does not describe the tensor is refused with one line."""

from __future__ import annotations

import numpy as np

from ..errors import McugenError
from .flatbuffer import Table

SPARSITY_TRAVERSAL_ORDER, SPARSITY_BLOCK_MAP, SPARSITY_DIM_METADATA = 0, 1, 2
DIM_FORMAT, DIM_DENSE_SIZE, DIM_SEGMENTS_TYPE, DIM_SEGMENTS, DIM_INDICES_TYPE, DIM_INDICES = 0, 1, 2, 3, 4, 5
DENSE, SPARSE_CSR = 0, 1
INDEX_VECTORS = {1: "<i4", 2: "<u2", 3: "u1"}  # SparseIndexVector: Int32Vector, Uint16Vector, Uint8Vector
MAX_LEAVES = 1 << 28  # a dense expansion this large is no microcontroller's weight


class SparsityError(ValueError):
    """Metadata that does not describe the tensor; the message says what."""


def _ints(table: Table, field: int) -> list[int]:
    values = table.numbers(field, "<i4")
    return [] if values is None else [int(v) for v in values]


def _index_vector(dim: Table, type_field: int, field: int, what: str) -> np.ndarray:
    kind = dim.scalar(type_field, "B")
    vector = dim.table(field)
    if kind not in INDEX_VECTORS or vector is None:
        raise SparsityError(f"a SPARSE_CSR dimension without its {what} vector")
    values = vector.numbers(0, INDEX_VECTORS[kind])
    return np.zeros(0, np.int64) if values is None else values.astype(np.int64)


def densify(sparsity: Table, shape: tuple[int, ...], dtype, data: bytes) -> bytes:
    """The dense bytes of a tensor of `shape` whose buffer holds `data` under `sparsity`."""
    rank = len(shape)
    order, block_map = _ints(sparsity, SPARSITY_TRAVERSAL_ORDER), _ints(sparsity, SPARSITY_BLOCK_MAP)
    levels = rank + len(block_map)
    count = sparsity.vector_length(SPARSITY_DIM_METADATA)
    if len(set(block_map)) != len(block_map) or not all(0 <= d < rank for d in block_map):
        raise SparsityError(f"block map {block_map} does not name distinct dimensions of the rank-{rank} shape")
    if sorted(order) != list(range(levels)) or sorted(order[:rank]) != list(range(rank)):
        raise SparsityError(f"traversal order {order} is not the {rank} dimensions, then the {len(block_map)} blocks")
    if count != levels:
        raise SparsityError(f"{count} dimension metadata entries for {levels} traversed dimensions")
    dims = sparsity.tables(SPARSITY_DIM_METADATA, count)
    # every level's DENSE size first: the blocks' sizes divide the dimensions they block
    block_size = {}
    for level, dim in enumerate(dims):
        if order[level] >= rank:
            if dim.scalar(DIM_FORMAT, "b") != DENSE:
                raise SparsityError(f"block dimension {order[level] - rank} is not DENSE")
            block_size[order[level] - rank] = dim.scalar(DIM_DENSE_SIZE, "i")
    expanded = list(shape) + [block_size[b] for b in range(len(block_map))]
    for b, d in enumerate(block_map):
        if block_size[b] < 1 or shape[d] % block_size[b]:
            raise SparsityError(f"block size {block_size[b]} does not divide dimension {d} of size {shape[d]}")
        expanded[d] = shape[d] // block_size[b]
    coords = np.zeros((1, 0), np.int64)  # one row per node of the traversal reached so far
    positions = np.zeros(1, np.int64)  # each node's position among its level's (TFLite's prev_idx)
    parents = 1
    for level, dim in enumerate(dims):
        size = expanded[order[level]]
        if dim.scalar(DIM_FORMAT, "b") == DENSE:
            if dim.scalar(DIM_DENSE_SIZE, "i") != size:
                raise SparsityError(f"dense size {dim.scalar(DIM_DENSE_SIZE, 'i')} at level {level}, not {size}")
            if len(positions) * size > MAX_LEAVES:
                raise SparsityError(f"the traversal reaches more than {MAX_LEAVES} elements")
            child = np.tile(np.arange(size), len(positions))
            coords = np.column_stack([np.repeat(coords, size, axis=0), child])
            positions = np.repeat(positions, size) * size + child
            parents *= size
        elif dim.scalar(DIM_FORMAT, "b") == SPARSE_CSR:
            segments = _index_vector(dim, DIM_SEGMENTS_TYPE, DIM_SEGMENTS, "segments")
            indices = _index_vector(dim, DIM_INDICES_TYPE, DIM_INDICES, "indices")
            if len(segments) != parents + 1 or segments[0] != 0 or np.any(np.diff(segments) < 0):
                raise SparsityError(f"level {level}'s {len(segments)} segments do not split {parents} parents")
            if segments[-1] != len(indices) or np.any(indices >= size):
                raise SparsityError(f"level {level}'s indices do not fit its segments or its size {size}")
            starts, counts = segments[positions], segments[positions + 1] - segments[positions]
            child = np.repeat(starts - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
            coords = np.column_stack([np.repeat(coords, counts, axis=0), indices[child]])
            positions, parents = child, len(indices)
        else:
            raise SparsityError(f"level {level} has format {dim.scalar(DIM_FORMAT, 'b')}, not DENSE or SPARSE_CSR")
    values = np.frombuffer(data or b"", dtype=dtype.numpy)
    if len(values) * dtype.size != len(data or b"") or len(values) != len(coords):
        raise SparsityError(f"the buffer holds {len(values)} values for the traversal's {len(coords)}")
    original = np.zeros((len(coords), rank), np.int64)
    for level in range(rank):
        original[:, order[level]] = coords[:, level]
    for level in range(rank, levels):
        b = order[level] - rank
        original[:, block_map[b]] = original[:, block_map[b]] * block_size[b] + coords[:, level]
    flat = np.ravel_multi_index(original.T, shape) if rank else np.zeros(len(coords), np.int64)
    if len(np.unique(flat)) != len(flat):
        raise SparsityError("two values fall on one element")
    dense = np.zeros(int(np.prod(shape, dtype=np.int64)), dtype=dtype.numpy)
    dense[flat] = values
    return dense.tobytes()


def read_sparse(table: Table, label: str, name: str, shape, dtype, data: bytes | None) -> bytes:
    """The dense bytes of a sparse tensor (reader.py), or one McugenError line saying what is wrong."""
    if data is None:
        raise McugenError(f"{label} '{name}' has sparsity metadata but no data; only constants can be sparse")
    try:
        return densify(table, shape, dtype, data)
    except SparsityError as exc:
        raise McugenError(f"{label} '{name}': bad sparsity metadata: {exc}") from None
