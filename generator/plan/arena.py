"""Placing buffers with known lifetimes in one arena, and proving a placement safe."""
from __future__ import annotations

from dataclasses import dataclass

ALIGNMENT = 16


@dataclass
class Buffer:
    name: str
    size: int
    first: int  # first node that uses it (-1: before the first node)
    last: int   # last node that uses it
    offset: int = -1

    def overlaps_in_time(self, other: "Buffer") -> bool:
        return self.first <= other.last and other.first <= self.last


def _align(n: int) -> int:
    return (n + ALIGNMENT - 1) // ALIGNMENT * ALIGNMENT


def place(buffers: list[Buffer]) -> int:
    """Greedy by size: each buffer goes to the lowest aligned gap free of every buffer live with it.
    Sets each buffer's offset and returns the arena size."""
    placed: list[Buffer] = []
    for buf in sorted(buffers, key=lambda b: (-b.size, b.first, b.name)):
        offset = 0
        for other in sorted((p for p in placed if p.overlaps_in_time(buf)), key=lambda p: p.offset):
            if offset + buf.size <= other.offset:
                break
            offset = max(offset, _align(other.offset + other.size))
        buf.offset = offset
        placed.append(buf)
    return _align(max((b.offset + b.size for b in buffers), default=0))


def lower_bound(buffers: list[Buffer]) -> int:
    """The largest total size live at any one node: no placement can use less."""
    steps = {b.first for b in buffers} | {b.last for b in buffers}
    return max((sum(b.size for b in buffers if b.first <= s <= b.last) for s in steps), default=0)


def check_placement(buffers: list[Buffer], arena_size: int) -> list[str]:
    """Every reason the placement is unsafe: a buffer outside the arena, or two live buffers overlapping."""
    problems = [f"{b.name} [{b.offset}, {b.offset + b.size}) leaves the {arena_size}-byte arena"
                for b in buffers if b.offset < 0 or b.offset + b.size > arena_size]
    for i, a in enumerate(buffers):
        for b in buffers[i + 1:]:
            if a.overlaps_in_time(b) and a.offset < b.offset + b.size and b.offset < a.offset + a.size:
                problems.append(f"{a.name} and {b.name} are live together and overlap in the arena")
    return problems
