"""When a data-movement node's result is a run of another tensor's bytes (docs/kernels.md, "Views"): the byte
offsets the catalog entries hand the planner through `view_offsets` and `input_offsets`. Row-major tensors:
a box of elements is one run when every axis before some axis has extent 1 and every axis after it is whole."""

from __future__ import annotations

from ._copy import product, strides


def box_offset(shape, begins, sizes) -> int | None:
    """The first element of a box (begin and size per axis) of a row-major tensor of `shape`, when the box's
    elements are one contiguous run in the tensor; None when they are not (or the box is empty)."""
    sizes = [int(s) for s in sizes]
    if product(sizes) == 0:
        return None
    whole = [s == d for s, d in zip(sizes, shape)]
    for axis in range(len(sizes)):
        if all(s == 1 for s in sizes[:axis]) and all(whole[axis + 1 :]):
            return sum(int(b) * s for b, s in zip(begins, strides(shape)))
    return 0 if not sizes else None  # a scalar is its one element


def along_axis(shape, axis: int, pieces) -> list[int] | None:
    """The first element of each of consecutive pieces along `axis` (`pieces`: their sizes along it), when every
    piece is one run (every axis before `axis` has extent 1, or there is one piece); None otherwise."""
    offsets, at = [], 0
    for size in pieces:
        sizes = [int(size) if d == axis else int(n) for d, n in enumerate(shape)]
        offsets.append(box_offset(shape, [at if d == axis else 0 for d in range(len(shape))], sizes))
        at += int(size)
    return None if None in offsets else offsets


def moves_only_ones(shape, perm) -> bool:
    """A permutation of the axes that keeps the axes longer than 1 in order leaves the bytes as they are."""
    kept = [int(p) for p in perm if shape[int(p)] != 1]
    return kept == sorted(kept)


def in_bytes(element_offsets: list[int] | None, tensor) -> list[int] | None:
    return None if element_offsets is None else [o * tensor.dtype.size for o in element_offsets]


SAME_BYTES = (0, [0])  # view_offsets of an output that is its first input's bytes with another shape
